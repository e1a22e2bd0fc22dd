import { createHash } from "node:crypto";

/**
 * The staff desk's one stylesheet, served by the staff routes at a URL named by its hash with a
 * year's cache (no inline style, so the CSP allows only 'self'). Colours meet WCAG AA on their
 * backgrounds (text ≥ 4.5:1, borders and focus ring ≥ 3:1); the focus ring shows on every control;
 * one column on a phone (a quotation's line: short fields side by side), tables scroll sideways
 * inside their frame, a focusable region named by the caption (decision 0139).
 */
export const staffCss = `
:root{--ink:#1a1f2b;--muted:#4a5263;--line:#767f91;--soft:#eef1f6;--bg:#fff;--brand:#0b4f8a;--brand-ink:#fff;--danger:#a4161a;--ok:#1d6b32;--focus:#c25400;color-scheme:light;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
*,*::before,*::after{box-sizing:border-box}
body{margin:0}
a{color:var(--brand)}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:.5rem;top:-3rem;padding:.5rem 1rem;background:var(--bg);color:var(--brand);z-index:10}
.skip:focus{top:.5rem}
.site-header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;background:var(--brand);color:var(--brand-ink)}
.site-header a{color:var(--brand-ink)}
.brand{margin:0;font-weight:700}
.site-nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0;list-style:none}
.site-nav a{display:inline-block;padding:.5rem 0;min-height:44px}
.site-nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
.site-header :focus-visible{outline-color:#fff}
.who{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0}
main{max-width:72rem;margin:0 auto;padding:1rem;overflow-wrap:break-word}
main:focus{outline:none}
.site-footer{max-width:72rem;margin:1rem auto 0;padding:1rem;border-top:1px solid var(--line)}
.site-footer a{display:inline-block;padding:.5rem 0;min-height:44px}
.keys kbd{font:inherit;font-weight:600;border:1px solid var(--line);border-radius:4px;padding:0 .35rem;white-space:nowrap}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .75rem}
.notice{border-left:6px solid var(--ok);background:var(--soft);padding:.75rem 1rem;margin:0 0 1rem}
.problems{border:3px solid var(--danger);padding:.75rem 1rem;margin:0 0 1rem}
.problems h2{margin-top:0;color:var(--danger)}
.field{margin:0 0 1rem;max-width:32rem}
.field label,.field legend{display:block;font-weight:600;margin-bottom:.25rem}
.hint{margin:0 0 .25rem;color:var(--muted)}
.error{margin:0 0 .25rem;color:var(--danger);font-weight:600}
input,select,textarea{font:inherit;color:inherit;width:100%;padding:.5rem .6rem;min-height:44px;border:2px solid var(--line);border-radius:4px;background:var(--bg)}
input[type=checkbox],input[type=radio]{width:1.5rem;height:1.5rem;min-height:0;margin:0;padding:0;flex:none;accent-color:var(--brand)}
.field.check{display:flex;align-items:center;gap:.5rem}
.field.check label{display:block;margin:0;padding:.6rem 0}
.quotation-line{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:0 1rem;align-items:end;min-width:0;margin:0 0 1rem;padding:.5rem .75rem .25rem;border:2px solid var(--line);border-radius:4px}
.quotation-line legend{font-weight:700;padding:0 .25rem}
.quotation-line .field{margin-bottom:.5rem;max-width:none;min-width:0;grid-column:span 2}
.quotation-line .hint{font-size:.875rem}
.quotation-line>.field:has([name$="-price"],[name$="-currency"]){grid-column:span 3}
.quotation-line>.field:has([name$="-product"],textarea),.quotation-line>.field.check{grid-column:1/-1}
.quotation-line>details{grid-column:1/-1;margin:0 0 .25rem}
.quotation-line summary{font-weight:600;padding:.25rem 0;cursor:pointer}
.drafted-entries,.draft-changes{min-width:0}
.draft-changes{margin:.25rem 0 1rem}
.draft-changes summary{font-weight:600;padding:.25rem 0;cursor:pointer;overflow-wrap:anywhere}
.price-break{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:0 1rem;min-width:0;margin:0 0 .5rem;padding:.25rem .5rem 0;border:1px solid var(--line);border-radius:4px}
.quotation-line .price-break .field{grid-column:auto}
@media (min-width:48rem){.quotation-line{grid-template-columns:repeat(3,minmax(0,1fr)) repeat(2,minmax(0,1.5fr))}.quotation-line .field,.quotation-line>.field:has([name$="-price"],[name$="-currency"]){grid-column:auto}}
[aria-invalid=true]{border-color:var(--danger)}
.button{display:inline-block;font:inherit;font-weight:600;padding:.55rem 1.1rem;min-height:44px;border:2px solid var(--brand);border-radius:4px;background:var(--brand);color:var(--brand-ink);cursor:pointer;text-decoration:none}
.button.secondary{background:var(--bg);color:var(--brand)}
.button.danger{background:var(--danger);border-color:var(--danger);color:#fff}
.site-header .button{background:var(--bg);color:var(--brand);border-color:var(--bg)}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.inline{display:inline}
.table-frame{overflow-x:auto;margin:0 0 1rem}
.chart{display:block;max-width:36rem;height:auto;margin:0 0 1rem}
table{border-collapse:collapse;width:100%}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{text-align:left;vertical-align:top;padding:.5rem .6rem;border-bottom:1px solid var(--line)}
thead th{background:var(--soft)}
.filters{display:flex;flex-wrap:wrap;gap:0 1rem;align-items:flex-end}
.filters .field{flex:1 1 12rem}
.bulk-actions{min-width:0;margin:0 0 1rem;padding:.25rem .75rem .5rem;border:2px solid var(--line);border-radius:4px}
.bulk-actions legend{font-weight:700;padding:0 .25rem}
.bulk-actions p{margin:.25rem 0 .5rem}
.bulk-actions .actions.field{flex:0 1 auto}
.tick{display:inline-flex;align-items:center;gap:.5rem;white-space:nowrap}
.tick input{width:1.25rem;height:1.25rem;margin:0}
.tick label{padding:.6rem 0}
.views li{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0 0 .25rem}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--soft);padding:.1rem .3rem;overflow-wrap:anywhere}
pre{padding:.75rem;white-space:pre-wrap}
.table-frame th[scope=row]{min-width:10rem}
.table-frame .wraps{min-width:14rem}
.table-frame time{white-space:nowrap}
ul.plain{margin:0;padding:0;list-style:none}
.pager ul{display:flex;flex-wrap:wrap;gap:.25rem;margin:0;padding:0;list-style:none}
.pager a{display:inline-block;min-width:44px;min-height:44px;padding:.5rem;text-align:center}
.pager a[aria-current=page]{font-weight:700;background:var(--soft);text-decoration:none;outline:2px solid var(--line)}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem}
dt{font-weight:600}
dd{margin:0;overflow-wrap:anywhere}
blockquote{margin:.25rem 0 .5rem;padding-left:.75rem;border-left:4px solid var(--line)}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.diff{margin:0 0 1rem;border:1px solid var(--line);overflow-x:auto}
.diff h3{margin:0;padding:.5rem .75rem;font-size:1rem;background:var(--soft);overflow-wrap:anywhere}
.diff ul{margin:0;padding:.5rem .75rem .5rem 2rem}
.diff li{margin:.25rem 0;overflow-wrap:anywhere}
.diff .words p{margin:.25rem 0}
.diff>p{margin:.5rem .75rem}
.diff del{background:#fde8e8;color:#7a0d10;text-decoration:line-through}
.diff ins{background:#e3f4e6;color:#14532d;text-decoration:underline}
.diff .marker{font-weight:700}
.diff .gap{color:var(--muted);font-style:italic}
.photos{display:flex;flex-wrap:wrap;gap:1rem;padding:.75rem}
.photos figure{margin:0}
.photos img{display:block;max-width:12rem;max-height:12rem;height:auto;border:1px solid var(--line)}
@media (max-width:40rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}
@media (max-width:40rem){.site-header{flex-direction:column;align-items:flex-start}h1{font-size:1.35rem}}
`.trim();

export const staffCssHash = createHash("sha256").update(staffCss).digest("hex").slice(0, 12);

/** Where the stylesheet is served; the hash changes with the text, so it can be cached for a year. */
export const staffCssPath = `/staff/assets/staff-${staffCssHash}.css`;
