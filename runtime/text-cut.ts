// Testimonial excerpts: cut to a maximum length at a word boundary, with an ellipsis inside the limit.
export function cutText(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = (space > max * 0.6 ? room.slice(0, space) : room).replace(/[\s,;:.!?-]+$/, '');
  return `${cut}…`;
}
