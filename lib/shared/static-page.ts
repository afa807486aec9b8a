/** A static page (terms, privacy, FAQ, …) as the server renders it from content/pages/. */
export interface StaticPageContent {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[]; questions: { q: string; a: string }[] }[];
  /** The terms' version date; set on the terms page only. */
  versionDate: Date | null;
}
