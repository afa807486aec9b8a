'use client';

/**
 * Shown when the error page itself cannot render (the root layout failed), so no translations or
 * styles can be relied on: the spec's fixed text and a plain link home.
 */
export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '3rem 1rem' }}>
        <h1 style={{ fontSize: '1.5rem' }}>An error occurred while showing the error page</h1>
        <p>
          <a href="/">Home</a>
        </p>
      </body>
    </html>
  );
}
