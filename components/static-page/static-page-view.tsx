import type { StaticPageContent } from '@/lib/shared/static-page';

/** Renders a static page: title, intro, and sections of paragraphs or questions and answers. */
export function StaticPageView(props: {
  slug: string;
  page: StaticPageContent;
  /** "Version of …" line of the terms page. */
  versionText: string | null;
}) {
  const { page } = props;
  return (
    <article className="static-page mx-auto" aria-labelledby="page-title" data-page={props.slug}>
      <h1 id="page-title" className="mb-3">
        {page.title}
      </h1>
      {props.versionText && (
        <p className="text-body-secondary" data-testid="terms-version">
          {props.versionText}
        </p>
      )}
      <p className="lead">{page.intro}</p>
      {page.sections.map((section, index) => (
        <section key={index} aria-labelledby={`section-${index}`}>
          <h2 id={`section-${index}`}>{section.heading}</h2>
          {section.paragraphs.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
          {section.questions.map((item, i) => (
            <details key={i} className="mb-2 border rounded p-2">
              <summary className="fw-semibold">{item.q}</summary>
              <p className="mt-2 mb-0">{item.a}</p>
            </details>
          ))}
        </section>
      ))}
    </article>
  );
}
