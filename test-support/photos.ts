// Photo-like test images made with sharp (tests only): gradients, rings, stripes and grain, never a
// flat colour, so encoders meet something like a real photo.
import sharp from "sharp";

export async function photoLikeJpeg(width: number, height: number, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (random() - 0.5) * 40;
      const dx = x - width / 2;
      const dy = y - height / 2;
      const ring = Math.sin(Math.sqrt(dx * dx + dy * dy) / 37) * 40;
      const stripe = ((x >> 6) + (y >> 7)) % 2 ? 25 : -25;
      pixels[i] = clamp(120 + (x / width) * 100 + ring + grain + stripe);
      pixels[i + 1] = clamp(90 + (y / height) * 100 - ring / 2 + grain);
      pixels[i + 2] = clamp(160 - (x / width) * 80 + stripe + grain);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}
