// A decodable 2×2 RGB PNG built by hand (signature, IHDR, IDAT through zlib, IEND, each chunk with
// its CRC): small enough to upload in every test, real enough for a browser to draw as a thumbnail.
import zlib from 'node:zlib';

/** A 2×2 PNG of one colour (grey unless `rgb` says otherwise). */
export function tinyPng(rgb: readonly [number, number, number] = [128, 128, 128]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  // Each row: filter byte 0, then two pixels.
  const row = [0, ...rgb, ...rgb];
  const rows = Buffer.from([...row, ...row]);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
