// SVG drawings of sample products for the gallery (one drawing per item kind, three colourways).
// Pure functions: drawProduct(itemSlug, index) returns an SVG string 960 × 1200 (4:5).
// Products stay inside the middle band so the 250 px footwear crop and the 450 px crop both show them.

export const canvas = { width: 960, height: 1200 };

const colourways = [
  { bg1: "#f3f6fb", bg2: "#dfe7f2", main: "#1f3a5f", dark: "#142740", accent: "#f2b134", light: "#ffffff" },
  { bg1: "#fbf4ee", bg2: "#efdccd", main: "#b5452f", dark: "#7f2d1e", accent: "#f7e7ce", light: "#fff8ef" },
  { bg1: "#f1f7f1", bg2: "#d8e8da", main: "#2f6b4f", dark: "#1d4733", accent: "#e9d8a6", light: "#fbfaf3" },
  { bg1: "#f6f3fa", bg2: "#e2dbef", main: "#5b4a8b", dark: "#3b2f5e", accent: "#f4a6b8", light: "#ffffff" },
  { bg1: "#f7f7f5", bg2: "#e4e3dd", main: "#3c3c3c", dark: "#1f1f1f", accent: "#e4572e", light: "#fafafa" },
];

const natural = { main: "#c89b5e", dark: "#8a6232", accent: "#e8cf9f", light: "#f5e6c8" };

function hash(text) {
  let h = 7;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** Fabric fills: solid, stripes or checks, chosen by image index. */
function fabricDefs(c, index) {
  const kind = index % 3;
  const stripes = `<pattern id="fabric" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="${c.main}"/><rect width="60" height="14" y="23" fill="${c.accent}" opacity="0.85"/></pattern>`;
  const checks = `<pattern id="fabric" width="80" height="80" patternUnits="userSpaceOnUse"><rect width="80" height="80" fill="${c.main}"/><rect width="80" height="26" fill="${c.light}" opacity="0.28"/><rect width="26" height="80" fill="${c.light}" opacity="0.28"/></pattern>`;
  const solid = `<pattern id="fabric" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="${c.main}"/><circle cx="20" cy="20" r="1.6" fill="${c.light}" opacity="0.12"/></pattern>`;
  return [solid, stripes, checks][kind];
}

const weave = (c) =>
  `<pattern id="weave" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${c.main}"/><path d="M0 9h18M18 27h18" stroke="${c.dark}" stroke-width="6" opacity="0.45"/><path d="M9 0v18M27 18v18" stroke="${c.light}" stroke-width="6" opacity="0.35"/></pattern>`;

const F = 'fill="url(#fabric)"';
const outline = (c) => `stroke="${c.dark}" stroke-width="6" stroke-linejoin="round"`;

// Upper garments share one outline with options.
function top(c, { long = true, collar = false, placket = false, hood = false, zip = false, rib = false, quilt = false, knit = false, buttons = false } = {}) {
  const body = long
    ? "M330 250 L405 222 Q480 272 555 222 L630 250 Q705 282 742 400 L822 760 L742 786 L662 470 L662 962 L298 962 L298 470 L218 786 L138 760 L218 400 Q255 282 330 250 Z"
    : "M330 250 L405 222 Q480 272 555 222 L630 250 L786 370 L724 482 L656 436 L656 962 L304 962 L304 436 L236 482 L174 370 Z";
  let extra = "";
  if (hood)
    extra += `<path d="M380 250 Q370 110 480 100 Q590 110 580 250 Q480 300 380 250 Z" ${F} ${outline(c)}/><path d="M410 250 Q480 170 550 250" fill="${c.dark}" opacity="0.55"/><path d="M350 700 h260 v150 h-260 Z" fill="${c.dark}" opacity="0.25"/>`;
  if (collar) extra += `<path d="M405 222 L440 300 L480 262 L520 300 L555 222 Q480 262 405 222 Z" fill="${c.light}" ${outline(c)}/>`;
  if (placket)
    extra += `<rect x="466" y="262" width="28" height="150" fill="${c.dark}" opacity="0.35"/><circle cx="480" cy="300" r="7" fill="${c.light}"/><circle cx="480" cy="350" r="7" fill="${c.light}"/>`;
  if (buttons)
    extra += `<path d="M480 262 V962" stroke="${c.dark}" stroke-width="5"/>${[330, 440, 550, 660, 770, 880].map((y) => `<circle cx="500" cy="${y}" r="8" fill="${c.light}" stroke="${c.dark}" stroke-width="3"/>`).join("")}<rect x="350" y="380" width="90" height="90" fill="${c.dark}" opacity="0.18"/>`;
  if (zip)
    extra += `<path d="M480 240 V962" stroke="${c.accent}" stroke-width="10" stroke-dasharray="10 6"/><path d="M405 222 L480 330 L555 222" fill="none" stroke="${c.dark}" stroke-width="8"/>`;
  if (rib)
    extra += `<rect x="298" y="920" width="364" height="42" fill="${c.dark}" opacity="0.45"/>${long ? `<path d="M138 760 L218 786 L226 750 L148 724 Z M822 760 L742 786 L734 750 L812 724 Z" fill="${c.dark}" opacity="0.45"/>` : ""}`;
  if (quilt)
    extra += [380, 480, 580, 680, 780, 880]
      .map((y) => `<path d="M300 ${y} Q480 ${y + 24} 660 ${y}" fill="none" stroke="${c.dark}" stroke-width="5" opacity="0.5"/>`)
      .join("");
  if (knit)
    extra += [0, 1, 2, 3, 4, 5, 6]
      .map(
        (i) =>
          `<path d="M${318 + i * 52} 470 l13 20 l13 -20 M${318 + i * 52} 520 l13 20 l13 -20" fill="none" stroke="${c.light}" stroke-width="5" opacity="0.5"/>`,
      )
      .join("");
  return `<path d="${body}" ${F} ${outline(c)}/>${extra}`;
}

const pants = (c, long) =>
  long
    ? `<path d="M320 170 L640 170 L690 1010 L522 1010 L480 430 L438 1010 L270 1010 Z" ${F} ${outline(c)}/><rect x="320" y="170" width="320" height="54" fill="${c.dark}" opacity="0.55"/><path d="M480 224 V400 M360 260 Q400 300 440 262 M600 260 Q560 300 520 262" stroke="${c.light}" stroke-width="5" fill="none" opacity="0.6"/>`
    : `<path d="M300 330 L660 330 L712 790 L512 812 L480 560 L448 812 L248 790 Z" ${F} ${outline(c)}/><rect x="300" y="330" width="360" height="56" fill="${c.dark}" opacity="0.55"/><path d="M440 388 Q480 420 520 388" stroke="${c.light}" stroke-width="6" fill="none"/>`;

const drawings = {
  tee: (c) => top(c, { long: false, rib: false }),
  tops: (c) => top(c, { long: false }) + `<path d="M405 222 Q480 330 555 222" fill="${c.light}" opacity="0.9"/>`,
  polo: (c) => top(c, { long: false, collar: true, placket: true }),
  sweatshirt: (c) => top(c, { rib: true }),
  hoodie: (c) => top(c, { hood: true, rib: true }),
  jacket: (c) => top(c, { zip: true, rib: true }),
  padded: (c) => top(c, { zip: true, quilt: true }),
  pullover: (c) => top(c, { rib: true, knit: true }) + `<path d="M405 222 L480 300 L555 222" fill="none" stroke="${c.dark}" stroke-width="10"/>`,
  shirt: (c) => top(c, { collar: true, buttons: true }),
  sweater: (c) => top(c, { rib: true, knit: true }),
  longpant: (c) => pants(c, true),
  shorts: (c) => pants(c, false),
  underwear: (c) =>
    `<path d="M270 430 L690 430 L672 540 Q570 580 546 780 L414 780 Q390 580 288 540 Z" ${F} ${outline(c)}/><rect x="270" y="430" width="420" height="60" rx="10" fill="${c.dark}"/>`,
  shoe: (c) =>
    `<path d="M176 720 L188 572 Q200 478 300 490 L424 508 Q522 528 604 606 L760 646 Q826 668 806 730 L798 766 L176 766 Z" ${F} ${outline(c)}/><rect x="164" y="748" width="656" height="52" rx="22" fill="${c.light}" ${outline(c)}/>${[0, 1, 2, 3].map((i) => `<path d="M${380 + i * 44} ${520 + i * 14} l34 30" stroke="${c.light}" stroke-width="9" stroke-linecap="round"/>`).join("")}<path d="M200 700 H790" stroke="${c.accent}" stroke-width="10" opacity="0.8"/>`,
  jewelry: (c) =>
    `<path d="M300 330 Q480 780 660 330" fill="none" stroke="${c.accent}" stroke-width="12"/>${[0, 1, 2, 3, 4, 5, 6, 7, 8]
      .map((i) => {
        const t = i / 8;
        const x = 300 + 360 * t;
        const y = 330 + 900 * t * (1 - t) * 0.98;
        return `<circle cx="${x}" cy="${y}" r="14" fill="${c.light}" stroke="${c.accent}" stroke-width="5"/>`;
      })
      .join(
        "",
      )}<path d="M480 560 L530 630 L480 720 L430 630 Z" fill="${c.main}" stroke="${c.accent}" stroke-width="10"/><circle cx="290" cy="860" r="40" fill="none" stroke="${c.accent}" stroke-width="12"/><circle cx="670" cy="860" r="40" fill="none" stroke="${c.accent}" stroke-width="12"/>`,
  cap: (c) =>
    `<path d="M250 660 Q250 380 480 380 Q710 380 710 660 Z" ${F} ${outline(c)}/><path d="M620 640 Q820 630 860 700 Q720 730 600 690 Z" fill="${c.dark}" ${outline(c)}/><circle cx="480" cy="378" r="16" fill="${c.accent}"/><path d="M480 390 V650 M365 420 Q330 540 340 650 M595 420 Q630 540 620 650" stroke="${c.dark}" stroke-width="4" fill="none" opacity="0.5"/>`,
  gloves: (c) =>
    [0, 1]
      .map((g) => {
        const x = g ? 500 : 240;
        return `<g>${[0, 1, 2, 3].map((i) => `<rect x="${x + 18 + i * 50}" y="${370 - (i === 1 || i === 2 ? 30 : 0)}" width="44" height="230" rx="22" ${F} ${outline(c)}/>`).join("")}<rect x="${x + 12}" y="500" width="210" height="300" rx="60" ${F} ${outline(c)}/><rect x="${g ? x + 190 : x - 40}" y="560" width="90" height="44" rx="22" transform="rotate(${g ? -35 : 35} ${x + 117} 580)" ${F} ${outline(c)}/><rect x="${x + 12}" y="760" width="210" height="80" rx="18" fill="${c.accent}" ${outline(c)}/></g>`;
      })
      .join(""),
  hat: (c) =>
    `<ellipse cx="480" cy="700" rx="330" ry="80" fill="${c.dark}" ${outline(c)}/><path d="M320 700 Q320 420 480 420 Q640 420 640 700 Z" ${F} ${outline(c)}/><path d="M322 640 Q480 680 638 640 L640 690 Q480 730 320 690 Z" fill="${c.accent}"/>`,
  bag: (c) =>
    `<path d="M360 470 Q360 300 480 300 Q600 300 600 470" fill="none" stroke="${c.dark}" stroke-width="22"/><path d="M250 470 L710 470 L680 950 L280 950 Z" ${F} ${outline(c)}/><rect x="410" y="560" width="140" height="90" rx="12" fill="${c.accent}" opacity="0.9"/>`,
  luggage: (c) =>
    `<rect x="420" y="200" width="120" height="110" rx="20" fill="none" stroke="${c.dark}" stroke-width="22"/><rect x="300" y="300" width="360" height="620" rx="48" ${F} ${outline(c)}/>${[380, 480, 580].map((x) => `<path d="M${x} 320 V900" stroke="${c.dark}" stroke-width="10" opacity="0.4"/>`).join("")}<circle cx="360" cy="950" r="28" fill="${c.dark}"/><circle cx="600" cy="950" r="28" fill="${c.dark}"/>`,
  bedcover: (c) =>
    `<rect x="140" y="430" width="680" height="440" rx="24" ${F} ${outline(c)}/><rect x="200" y="360" width="260" height="130" rx="40" fill="${c.light}" ${outline(c)}/><rect x="500" y="360" width="260" height="130" rx="40" fill="${c.light}" ${outline(c)}/><rect x="140" y="820" width="680" height="50" fill="${c.dark}" opacity="0.4"/><rect x="120" y="300" width="720" height="40" rx="12" fill="${natural.dark}"/>`,
  cushion: (c) =>
    `<path d="M250 360 Q480 330 710 360 Q740 600 710 840 Q480 870 250 840 Q220 600 250 360 Z" ${F} ${outline(c)}/><circle cx="480" cy="600" r="26" fill="${c.accent}" ${outline(c)}/>`,
  mitt: (c) =>
    `<path d="M360 900 L360 520 Q360 320 480 320 Q600 320 600 520 L600 620 Q660 540 700 590 Q720 630 640 760 L600 900 Z" ${F} ${outline(c)}/><rect x="340" y="860" width="280" height="90" rx="16" fill="${c.accent}" ${outline(c)}/><path d="M470 320 Q450 250 500 240" stroke="${c.dark}" stroke-width="10" fill="none"/>`,
  beachtowel: (c) =>
    `<rect x="240" y="220" width="480" height="760" rx="14" fill="${c.light}" ${outline(c)}/>${[0, 1, 2, 3, 4].map((i) => `<rect x="240" y="${250 + i * 150}" width="480" height="70" fill="${i % 2 ? c.accent : c.main}"/>`).join("")}${Array.from({ length: 16 }, (_, i) => `<path d="M${256 + i * 30} 980 v40" stroke="${c.dark}" stroke-width="5"/>`).join("")}`,
  kitchentowel: (c) =>
    `<path d="M430 260 Q480 200 530 260" fill="none" stroke="${c.dark}" stroke-width="10"/><rect x="290" y="260" width="380" height="640" rx="10" fill="${c.light}" ${outline(c)}/><rect x="290" y="260" width="380" height="640" fill="url(#fabric)" opacity="0.75"/><rect x="290" y="800" width="380" height="40" fill="${c.accent}"/>`,
  apron: (c) =>
    `<path d="M400 260 L560 260 L570 470 L700 500 L660 980 L300 980 L260 500 L390 470 Z" ${F} ${outline(c)}/><path d="M400 260 Q480 150 560 260" fill="none" stroke="${c.dark}" stroke-width="12"/><path d="M262 500 L150 600 M698 500 L810 600" stroke="${c.dark}" stroke-width="12"/><rect x="400" y="640" width="160" height="120" rx="12" fill="${c.accent}" ${outline(c)}/>`,
  curtain: (c) =>
    `<rect x="120" y="200" width="720" height="22" rx="10" fill="${natural.dark}"/><path d="M150 222 H470 V990 Q390 1000 150 990 Z" ${F} ${outline(c)}/><path d="M490 222 H810 V990 Q570 1000 490 990 Z" ${F} ${outline(c)}/>${[210, 290, 370, 560, 640, 720].map((x) => `<path d="M${x} 230 V980" stroke="${c.dark}" stroke-width="8" opacity="0.3"/>`).join("")}<rect x="150" y="600" width="320" height="26" fill="${c.accent}"/><rect x="490" y="600" width="320" height="26" fill="${c.accent}"/>`,
  tablecloth: (c) =>
    `<path d="M260 440 L700 440 L820 560 L140 560 Z" fill="${c.light}" ${outline(c)}/><path d="M140 560 L820 560 L840 820 L120 820 Z" ${F} ${outline(c)}/><rect x="200" y="820" width="26" height="180" fill="${natural.dark}"/><rect x="734" y="820" width="26" height="180" fill="${natural.dark}"/>`,
  basket: (c) =>
    `<defs>${weave(c)}</defs><ellipse cx="480" cy="470" rx="300" ry="70" fill="${c.dark}"/><path d="M180 470 Q200 880 480 900 Q760 880 780 470 Q480 560 180 470 Z" fill="url(#weave)" ${outline(c)}/><ellipse cx="480" cy="470" rx="300" ry="70" fill="none" stroke="${c.accent}" stroke-width="18"/>`,
  placemat: (c) =>
    `<defs>${weave(c)}</defs><ellipse cx="480" cy="620" rx="360" ry="250" fill="url(#weave)" ${outline(c)}/><ellipse cx="480" cy="620" rx="180" ry="120" fill="${c.light}" ${outline(c)}/><ellipse cx="480" cy="620" rx="120" ry="76" fill="none" stroke="${c.accent}" stroke-width="6"/>`,
  coaster: (c) =>
    [
      [340, 520],
      [620, 560],
      [480, 780],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="150" ${F} ${outline(c)}/><circle cx="${x}" cy="${y}" r="100" fill="none" stroke="${c.light}" stroke-width="8" opacity="0.7"/><circle cx="${x}" cy="${y}" r="50" fill="none" stroke="${c.accent}" stroke-width="8"/>`,
      )
      .join(""),
  rug: (c) =>
    `<rect x="200" y="240" width="560" height="720" rx="8" fill="${c.accent}" ${outline(c)}/><rect x="250" y="290" width="460" height="620" ${F}/><path d="M480 380 L620 600 L480 820 L340 600 Z" fill="${c.light}" opacity="0.8"/>${Array.from({ length: 19 }, (_, i) => `<path d="M${212 + i * 30} 960 v40 M${212 + i * 30} 240 v-40" stroke="${c.dark}" stroke-width="5"/>`).join("")}`,
  doormat: (c) =>
    `<rect x="160" y="420" width="640" height="400" rx="26" fill="${natural.main}" ${outline(c)}/>${Array.from({ length: 30 }, (_, i) => `<path d="M${190 + i * 20} 450 v340" stroke="${natural.dark}" stroke-width="5" opacity="0.45"/>`).join("")}<rect x="200" y="460" width="560" height="320" rx="16" fill="none" stroke="${c.main}" stroke-width="24"/>`,
  strawbasket: (c) =>
    `<defs>${weave({ ...natural, dark: natural.dark })}</defs><path d="M330 480 Q330 240 480 240 Q630 240 630 480" fill="none" stroke="${c.main}" stroke-width="24"/><path d="M220 480 L740 480 L690 920 L270 920 Z" fill="url(#weave)" ${outline(c)}/><rect x="235" y="600" width="490" height="56" fill="${c.main}"/><rect x="250" y="760" width="460" height="30" fill="${c.accent}"/>`,
  recycled: (c) =>
    `<defs>${weave({ ...natural, main: "#b99a74" })}</defs><path d="M390 420 Q390 300 480 300 Q570 300 570 420" fill="none" stroke="${c.dark}" stroke-width="16"/><path d="M270 420 L690 420 L720 940 L240 940 Z" fill="url(#weave)" ${outline(c)}/><path d="M430 640 l50 -80 l50 80 Z M400 700 h160 l-30 50 h-100 Z" fill="${c.main}" opacity="0.9"/>`,
  tablerunner: (c) =>
    `<g transform="rotate(-28 480 600)"><rect x="160" y="480" width="640" height="240" rx="6" ${F} ${outline(c)}/><rect x="200" y="520" width="560" height="160" fill="none" stroke="${c.accent}" stroke-width="10"/><path d="M160 600 l-60 0 M800 600 l60 0" stroke="${c.dark}" stroke-width="12"/><circle cx="94" cy="600" r="18" fill="${c.accent}"/><circle cx="866" cy="600" r="18" fill="${c.accent}"/></g>`,
  coconut: () =>
    `<path d="M200 560 Q210 900 480 910 Q750 900 760 560 Z" fill="#6b4226" stroke="#3f2614" stroke-width="6"/><ellipse cx="480" cy="560" rx="280" ry="60" fill="#f1e3cc" stroke="#3f2614" stroke-width="6"/>${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${270 + i * 80} 640 q20 120 ${20 + i * 4} 220" stroke="#4a2d18" stroke-width="5" fill="none" opacity="0.6"/>`).join("")}<path d="M640 500 L820 260" stroke="#8a6232" stroke-width="22" stroke-linecap="round"/><ellipse cx="600" cy="540" rx="50" ry="32" fill="#8a6232"/>`,
  wooden: () =>
    `<rect x="230" y="330" width="400" height="560" rx="50" fill="#c89b5e" stroke="#6b4a23" stroke-width="6"/><circle cx="430" cy="410" r="34" fill="#f0e6d8" stroke="#6b4a23" stroke-width="6"/>${[0, 1, 2, 3, 4].map((i) => `<path d="M${280 + i * 70} 480 q30 200 0 380" stroke="#a47a44" stroke-width="5" fill="none"/>`).join("")}<path d="M700 360 L700 800" stroke="#8a6232" stroke-width="34" stroke-linecap="round"/><ellipse cx="700" cy="320" rx="62" ry="90" fill="#b48648" stroke="#6b4a23" stroke-width="6"/>`,
  betelnut: () =>
    `<rect x="220" y="360" width="520" height="520" rx="80" fill="#d9b98a" stroke="#8a6232" stroke-width="6"/><rect x="270" y="410" width="420" height="420" rx="60" fill="#e8cfa6"/>${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${300 + i * 60} 430 q40 200 -10 380" stroke="#b28a57" stroke-width="5" fill="none" opacity="0.7"/>`).join("")}`,
  stationery: (c) =>
    `<rect x="230" y="300" width="420" height="600" rx="18" ${F} ${outline(c)}/>${Array.from({ length: 11 }, (_, i) => `<circle cx="230" cy="${340 + i * 52}" r="14" fill="none" stroke="${c.dark}" stroke-width="7"/>`).join("")}<rect x="320" y="400" width="250" height="90" rx="8" fill="${c.light}"/><g transform="rotate(20 720 600)"><rect x="690" y="300" width="50" height="520" fill="${c.accent}" stroke="${c.dark}" stroke-width="5"/><path d="M690 820 L715 890 L740 820 Z" fill="#f1d7b0" stroke="${c.dark}" stroke-width="5"/></g>`,
  crockery: (c) =>
    `<ellipse cx="400" cy="700" rx="270" ry="110" fill="${c.light}" ${outline(c)}/><ellipse cx="400" cy="690" rx="170" ry="62" fill="none" stroke="${c.main}" stroke-width="12"/><path d="M560 400 L780 400 L760 700 Q670 740 580 700 Z" ${F} ${outline(c)}/><path d="M776 460 Q860 470 850 560 Q840 640 766 630" fill="none" stroke="${c.dark}" stroke-width="22"/>`,
  toy: (c) =>
    `<circle cx="380" cy="330" r="60" fill="${natural.main}" stroke="${natural.dark}" stroke-width="6"/><circle cx="580" cy="330" r="60" fill="${natural.main}" stroke="${natural.dark}" stroke-width="6"/><ellipse cx="480" cy="720" rx="200" ry="230" fill="${natural.main}" stroke="${natural.dark}" stroke-width="6"/><circle cx="480" cy="440" r="150" fill="${natural.main}" stroke="${natural.dark}" stroke-width="6"/><ellipse cx="480" cy="490" rx="60" ry="44" fill="${natural.light}"/><circle cx="430" cy="410" r="14" fill="#222"/><circle cx="530" cy="410" r="14" fill="#222"/><circle cx="480" cy="475" r="14" fill="#222"/><path d="M420 600 L540 600 L480 650 Z" fill="${c.main}"/><ellipse cx="480" cy="760" rx="110" ry="130" fill="${natural.light}"/>`,
};

// Which drawing each gallery item uses (by item slug).
const drawingFor = {
  tops: "tops",
  pant: "longpant",
  paddedjacket: "padded",
  footware: "shoe",
  tshirt: "tee",
  poloshirt: "polo",
  sweatshirt: "sweatshirt",
  hoodie: "hoodie",
  jacket: "jacket",
  pullover: "pullover",
  shorts: "shorts",
  shirt: "shirt",
  sweater: "sweater",
  longpant: "longpant",
  underwear: "underwear",
  jewelry: "jewelry",
  cap: "cap",
  gloves: "gloves",
  hat: "hat",
  bag: "bag",
  luggage: "luggage",
  bedcover: "bedcover",
  cushioncover: "cushion",
  potholderorovenmitt: "mitt",
  beachtowel: "beachtowel",
  kitchentowel: "kitchentowel",
  kitchenapron: "apron",
  curtain: "curtain",
  tablecloth: "tablecloth",
  basket: "basket",
  placemat: "placemat",
  coaster: "coaster",
  rug: "rug",
  doormat: "doormat",
  "straw&plasticbasket": "strawbasket",
  "recyleplastic&paper": "recycled",
  tablerunner: "tablerunner",
  coconutshell: "coconut",
  woodenitem: "wooden",
  betelnutshell: "betelnut",
  stationery: "stationery",
  crockery: "crockery",
  toy: "toy",
};

export function hasDrawing(item) {
  return item in drawingFor;
}

/** An SVG sample photo of `item` (a gallery item slug) in colourway `index` for family `family`. */
export function drawProduct(family, item, index) {
  const draw = drawings[drawingFor[item]];
  if (!draw) throw new Error(`No drawing for gallery item "${item}" (scripts/generate/gallery/draw.mjs)`);
  const c = colourways[(hash(`${family}/${item}`) + index) % colourways.length];
  const { width, height } = canvas;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.bg1}"/><stop offset="1" stop-color="${c.bg2}"/></linearGradient>
<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="0.5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>
${fabricDefs(c, index)}</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<ellipse cx="480" cy="1000" rx="360" ry="46" fill="url(#shadow)"/>
<g>${draw(c, index)}</g>
<rect width="${width}" height="${height}" fill="url(#sheen)"/>
</svg>`;
}
