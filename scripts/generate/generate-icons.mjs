// Favicon set, web-manifest icons and the social preview image, drawn from public/favicon.svg.
// Run after changing the logo: `node scripts/generate/generate-icons.mjs`; the outputs are committed.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";

const brand = "#0b3a7e";
const svg = await readFile("public/favicon.svg");
await mkdir("public/icons", { recursive: true });

const png = (size, { padding = 0, background } = {}) => {
  const inner = Math.round(size * (1 - 2 * padding));
  const image = sharp(svg, { density: 72 * (inner / 64) * 2 }).resize(inner, inner);
  if (!padding && !background) return image.png({ compressionLevel: 9 }).toBuffer();
  return image.toBuffer().then((logo) =>
    sharp({ create: { width: size, height: size, channels: 4, background: background ?? "#00000000" } })
      .composite([{ input: logo, gravity: "center" }])
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
};

const outputs = {
  "public/icons/icon-192.png": await png(192),
  "public/icons/icon-512.png": await png(512),
  // Maskable: the logo inside the 80% safe zone on a full-bleed brand square.
  "public/icons/icon-maskable-512.png": await png(512, { padding: 0.12, background: brand }),
  // iOS draws transparent pixels black: give the touch icon an opaque background.
  "public/icons/apple-touch-icon.png": await png(180, { padding: 0.06, background: "#ffffff" }),
};

// favicon.ico for browsers and crawlers that ask for /favicon.ico: one 32×32 PNG inside an ICO.
const ico32 = await png(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(ico32.length, 14);
header.writeUInt32LE(22, 18); // image offset
outputs["public/favicon.ico"] = Buffer.concat([header, ico32]);

// Open Graph / Twitter card: 1200×630, logo and tagline on the brand colour.
const logo = await png(300);
const text = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="700" height="300">
  <text x="0" y="120" font-family="DejaVu Sans, Arial, sans-serif" font-size="88" font-weight="700" fill="#ffffff">SSL</text>
  <text x="0" y="200" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#ffd166">100% Export Oriented Company</text>
  <text x="0" y="260" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#d7e5f8">Sourcing and manufacturing, Dhaka</text>
</svg>`);
outputs["public/og-image.png"] = await sharp({ create: { width: 1200, height: 630, channels: 4, background: brand } })
  .composite([
    { input: logo, left: 110, top: 165 },
    { input: text, left: 460, top: 165 },
  ])
  .png({ compressionLevel: 9, palette: true })
  .toBuffer();

for (const [path, body] of Object.entries(outputs)) {
  await writeFile(path, body);
  console.log(`${path} ${body.length} bytes`);
}
