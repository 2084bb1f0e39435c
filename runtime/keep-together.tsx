// Numbered compounds ('3-Day', '30-day') kept on one line: a break after the hyphen leaves '3-' alone
// at the end of a line. Its own module, so islands can use it without the Markdown parser.
import type { ReactNode } from 'react';

const NUMBERED = /(\d+-\p{L}+)/u;

/** Text with its numbered compounds ('3-Day', '30-day') kept on one line: a break after the hyphen
 * leaves '3-' alone at the end of a line. */
export function keepTogether(text: string): ReactNode {
  if (!NUMBERED.test(text)) return text;
  return text.split(NUMBERED).map((part, i) => (i % 2 ? <span key={i} className="whitespace-nowrap">{part}</span> : part));
}
