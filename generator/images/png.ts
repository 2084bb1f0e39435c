// PNG files of pictures drawn on one template: every social card is the same background with other
// words on it. The template's rows are compressed once; a picture's rows that still equal the
// template's reuse those bytes, and only the rows its words touch are compressed again. That is most of
// a card's time (a whole 1200×630 PNG is 20-30 ms of compression; a card's changed rows, a few).
//
// Why this is a valid PNG: a zlib stream's deflate data may be cut into pieces, each compressed on its
// own and ended on a byte boundary (a sync flush), and joined; the stream's checksum (Adler-32) of the
// whole is computed from the pieces' checksums. Rows use PNG's "Sub" filter, which reads only its own
// row, so a row's bytes never depend on the row above.
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** Rows compressed together: small enough to skip most unchanged rows, big enough to compress well. */
const BAND_ROWS = 8;
const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

interface Band {
  /** Its filtered rows' length and Adler-32, for the stream's checksum. */
  length: number;
  adler: number;
  /** Its rows compressed on their own, ending on a byte boundary. */
  deflated: Buffer;
}

/** The Adler-32 of two pieces of data joined, from each one's checksum and the second's length (zlib's adler32_combine). */
function adlerCombine(first: number, second: number, secondLength: number): number {
  const BASE = 65521;
  const rem = secondLength % BASE;
  let a = first & 0xffff;
  let b = (rem * a) % BASE;
  a += (second & 0xffff) + BASE - 1;
  b += (first >>> 16) + (second >>> 16) + BASE - rem;
  if (a >= BASE) a -= BASE;
  if (a >= BASE) a -= BASE;
  if (b >= BASE * 2) b -= BASE * 2;
  if (b >= BASE) b -= BASE;
  return ((b << 16) | a) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export class TemplatePng {
  private readonly bands: Band[] = [];
  private readonly rowBytes: number;

  private readonly pixels: Buffer;

  /** `pixels`: the template's RGBA pixels, row after row (as canvas.data() gives them), opaque. */
  constructor(
    readonly width: number,
    readonly height: number,
    pixels: Buffer,
  ) {
    // A copy: canvas.data() is the canvas's own memory, which drawing on it changes.
    this.pixels = Buffer.from(pixels);
    this.rowBytes = width * 4;
    for (let y = 0; y < height; y += BAND_ROWS) {
      const { rows, adler } = this.filter(pixels, y, Math.min(height, y + BAND_ROWS));
      // Compressed once for every picture: the best compression is worth it.
      this.bands.push({ length: rows.length, adler, deflated: this.deflate(rows, constants.Z_BEST_COMPRESSION, constants.Z_DEFAULT_STRATEGY) });
    }
  }

  /**
   * Rows y0..y1 of RGBA `pixels` as PNG scanlines: RGB, each row with the Sub filter (a byte's
   * difference from the pixel to its left); with their Adler-32, summed on the way (one pass, not two).
   */
  private filter(pixels: Buffer, y0: number, y1: number): { rows: Buffer; adler: number } {
    const line = this.width * 3 + 1;
    const rows = Buffer.allocUnsafe((y1 - y0) * line);
    let o = 0;
    let a = 1;
    let b = 0;
    for (let y = y0; y < y1; y++) {
      rows[o++] = 1;
      a += 1;
      b += a;
      let i = y * this.rowBytes;
      let r = 0;
      let g = 0;
      let bl = 0;
      for (let x = 0; x < this.width; x++, i += 4) {
        const dr = (pixels[i]! - r) & 255;
        const dg = (pixels[i + 1]! - g) & 255;
        const db = (pixels[i + 2]! - bl) & 255;
        r = pixels[i]!;
        g = pixels[i + 1]!;
        bl = pixels[i + 2]!;
        rows[o++] = dr;
        rows[o++] = dg;
        rows[o++] = db;
        a += dr;
        b += a;
        a += dg;
        b += a;
        a += db;
        b += a;
      }
      // A row's sums stay far below 2^53 (numbers are exact up to there): reduced once a row.
      a %= 65521;
      b %= 65521;
    }
    return { rows, adler: ((b << 16) | a) >>> 0 };
  }

  private deflate(rows: Buffer, level: number, strategy: number): Buffer {
    return deflateRawSync(rows, { level, strategy, finishFlush: constants.Z_SYNC_FLUSH });
  }

  /** A PNG of `pixels` (RGBA, the template's size, opaque): the template with something drawn on it. */
  encode(pixels: Buffer): Buffer {
    if (pixels.length !== this.pixels.length) throw new Error(`expected ${this.width}×${this.height} RGBA pixels`);
    const pieces: Buffer[] = [Buffer.from([0x78, 0x01])];
    let adler = 1;
    const changed = (k: number) => {
      const [from, to] = [k * BAND_ROWS * this.rowBytes, Math.min(this.height, (k + 1) * BAND_ROWS) * this.rowBytes];
      return !pixels.subarray(from, to).equals(this.pixels.subarray(from, to));
    };
    for (let k = 0; k < this.bands.length; ) {
      if (!changed(k)) {
        const band = this.bands[k++]!;
        pieces.push(band.deflated);
        adler = adlerCombine(adler, band.adler, band.length);
        continue;
      }
      // Changed bands in a row are compressed together. Run-length matching is what Sub-filtered rows
      // of flat colour and anti-aliased text need, and is several times faster than a full search.
      let end = k + 1;
      while (end < this.bands.length && changed(end)) end++;
      const { rows, adler: rowsAdler } = this.filter(pixels, k * BAND_ROWS, Math.min(this.height, end * BAND_ROWS));
      pieces.push(this.deflate(rows, constants.Z_DEFAULT_COMPRESSION, constants.Z_RLE));
      adler = adlerCombine(adler, rowsAdler, rows.length);
      k = end;
    }
    // A last, empty block marked final; then the checksum.
    pieces.push(Buffer.from([0x03, 0x00]));
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(adler);
    pieces.push(checksum);
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bits per channel
    header[9] = 2; // RGB
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', Buffer.concat(pieces)), chunk('IEND', Buffer.alloc(0))]);
  }
}
