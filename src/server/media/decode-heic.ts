import decode from 'heic-decode';

// HEIC (the iPhone's photo format) is HEVC inside a HEIF box. sharp's prebuilt libvips reads HEIF
// but leaves HEVC out (a patent-encumbered codec), so its pictures are decoded here by libheif
// compiled to WebAssembly (heic-decode, over libheif-js), then handed to sharp as raw pixels.
// libheif applies the file's rotation and mirroring while decoding: the pixels come out upright.

export interface RawImage {
  width: number;
  height: number;
  channels: 4;
  pixels: Buffer;
}

/** Decodes the main picture of a HEIC file; throws on anything libheif cannot read. */
export async function decodeHeic(bytes: Buffer): Promise<RawImage> {
  const image = await decode({ buffer: bytes });
  const pixels = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
  return { width: image.width, height: image.height, channels: 4, pixels };
}
