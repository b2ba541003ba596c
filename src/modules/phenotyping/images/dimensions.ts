// Width and height read from the header of a PNG, GIF or JPEG file, so an uploaded image's metadata tells the truth
// (the spec lets the server update it); other formats leave them as the client gave them.

export function imageDimensions(bytes: Buffer): { imageWidth?: number; imageHeight?: number } {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { imageWidth: bytes.readUInt32BE(16), imageHeight: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 4) === 'GIF8') {
    return { imageWidth: bytes.readUInt16LE(6), imageHeight: bytes.readUInt16LE(8) };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegDimensions(bytes);
  return {};
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0..SOF15 except DHT, JPG and DAC). */
function jpegDimensions(bytes: Buffer): { imageWidth?: number; imageHeight?: number } {
  let at = 2;
  while (at + 9 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1];
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { imageHeight: bytes.readUInt16BE(at + 5), imageWidth: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return {};
}
