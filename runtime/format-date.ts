// Dates are ISO in YAML and shown as "January 31, 2025", the same in every time zone.
// One formatter for every date: toLocaleDateString builds a new one per call, which showed as the
// largest single cost of rendering a page (the blog index formats dozens of dates).
const FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function formatDate(iso: string): string {
  return FORMAT.format(new Date(`${iso}T12:00:00Z`));
}
