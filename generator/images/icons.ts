// The site's icons from its SVG (public/favicon.svg), drawn by resvg: /favicon.ico and
// /apple-touch-icon.png, and the SVG itself as a data: address for pages to carry.

/** An .ico holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * pngs.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length;
  pngs.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...pngs.map((p) => p.data)]);
}

/** An SVG as a data: address, escaped only where a URL must be (and for the attribute's quotes): the
 * page's compression still sees the SVG's own text. */
export function svgDataAddress(svg: string): string {
  const escaped = svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#"<>]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `data:image/svg+xml,${escaped}`;
}

/** favicon.ico: the icon at 16, 32 and 48 pixels. */
export async function faviconIco(svg: Buffer): Promise<Buffer> {
  return ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(svg, size) }))));
}

/** apple-touch-icon.png, 180 pixels. iOS puts its own rounded mask on a square icon: the corners are filled with the brand violet. */
export function appleTouchIcon(svg: Buffer): Promise<Buffer> {
  return png(svg, 180, '#7c3aed');
}

async function png(svg: Buffer, size: number, background?: string): Promise<Buffer> {
  const { Resvg } = await import('@resvg/resvg-js');
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, background }).render().asPng();
}
