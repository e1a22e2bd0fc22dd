import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { formResultPagePaths } from "../../app/lib/contracts/form-results";
import { formPostPaths, honeypotName } from "../../app/lib/contracts/form-endpoint";
import { notResumeSamples, resumeSamples } from "../../test-support/resume-samples";
import { createApp } from "../app";
import { rows } from "../db/db";
import { tempDirsPerTest, unavailableDatabase } from "../../test-support/temp-dirs";
import type { MailOptions } from "./intake";

const dirs = tempDirsPerTest();

const contact = { name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear", message: "We need 5,000 sweaters." };
const career = { name: "Rahim Uddin", email: "rahim@example.com", phone: "+880 1711-000000", position: "Merchandiser", coverLetter: "Five years." };
const resumeBytes = Buffer.from("%PDF-1.4 a small resume");

const appWith = (mail: Partial<MailOptions> = {}) => createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database, ...mail } });

/** What a browser sends for the contact form without JavaScript (urlencoded, the honeypot empty). */
const urlencoded = (fields: Record<string, string>) => new URLSearchParams({ ...fields, [honeypotName]: "" });

/** What a browser sends for the career form (multipart/form-data, the resume as a file part). */
function multipart(
  fields: Record<string, string>,
  file: { bytes: Buffer; name: string; type?: string } | null = { bytes: resumeBytes, name: "resume.pdf", type: "application/pdf" },
) {
  const data = new FormData();
  for (const [name, value] of Object.entries({ ...fields, [honeypotName]: "" })) data.append(name, value);
  // No file chosen: browsers still send the part, with an empty file name and no content.
  if (file) data.append("resume", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "" }));
  else data.append("resume", new File([], "", { type: "application/octet-stream" }));
  return data;
}

/** A POST from the socket peer `peer` (by default none: app.request() without a socket). */
function post(app: ReturnType<typeof createApp>, path: string, body: BodyInit, headers: Record<string, string> = {}, peer?: string) {
  return app.request(path, { method: "POST", body, headers }, peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined);
}

const stored = () => dirs.storedEmls();
const readStored = () => dirs.storedEmls();

function expectSeeOther(res: Response, location: string) {
  expect(res.status).toBe(303);
  expect(res.headers.get("location")).toBe(location);
  expect(res.headers.get("cache-control")).toBe("no-store");
}

describe("native form posts (no JavaScript)", () => {
  it("live beside the JSON endpoint and send the visitor only to prerendered result pages", () => {
    expect(formPostPaths).toEqual({ contact: "/api/v1.0/email/form/contact", career: "/api/v1.0/email/form/career" });
    expect(formResultPagePaths()).toContain("/contact/sent");
    expect(formResultPagePaths()).toContain("/career/not-sent/too-large");
  });

  it("stores an urlencoded contact message as exactly one .eml and answers 303 to /contact/sent", async () => {
    const app = appWith();
    const res = await post(app, formPostPaths.contact, urlencoded(contact));
    expectSeeOther(res, "/contact/sent");
    const [eml, ...more] = await readStored();
    expect(more).toEqual([]);
    expect(eml).toMatch(/^Reply-To: Ada Buyer <ada@example\.com>$/m);
    expect(eml).toMatch(/^Subject: Website contact: Knitwear \(from Ada Buyer\)$/m);
    expect(eml).toContain("We need 5,000 sweaters.");
  });

  it("keeps the language of the form's page and answers on that language's pages; an unknown one is the default's (decision 0164)", async () => {
    // The served build's languages (server-settings.json in a build; here given directly).
    const app = appWith({ locales: () => ["en", "de"], rateLimit: { max: 3, windowMs: 60_000 } });
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded({ ...contact, locale: "de" })), "/de/contact/sent");
    expectSeeOther(await post(app, formPostPaths.career, multipart({ ...career, locale: "de" }, null)), "/de/career/not-sent/resume");
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded({ ...contact, message: "Another one.", locale: "xx" })), "/contact/sent");
    // Refused before its body is read: the language of the page it came from.
    const tooMany = await post(app, formPostPaths.contact, urlencoded({ ...contact, locale: "de" }), { referer: "https://ssl.example/de/contact" });
    expectSeeOther(tooMany, "/de/contact/not-sent/too-many");
    const locales = await rows<{ locale: string }>(dirs.database, sql`select locale from leads order by id`);
    expect(locales.map((r) => r.locale)).toEqual(["de", "en"]);
  });

  it("takes the contact form as multipart too", async () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(contact)) data.append(name, value);
    expectSeeOther(await post(appWith(), formPostPaths.contact, data), "/contact/sent");
    expect(await stored()).toHaveLength(1);
  });

  it("stores a multipart career application with the resume file as the attachment, once", async () => {
    const res = await post(appWith(), formPostPaths.career, multipart(career));
    expectSeeOther(res, "/career/sent");
    const [eml, ...more] = await readStored();
    expect(more).toEqual([]);
    expect(eml).toMatch(/^Subject: Job application: Merchandiser \(from Rahim Uddin\)$/m);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=resume\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=resume\.pdf/);
    expect(eml).toContain(resumeBytes.toString("base64"));
    expect(eml).toContain("Phone: +880 1711-000000");
  });

  it("takes a resume of exactly 50KB (51,200 bytes); one byte more is 'too-large'", async () => {
    const app = appWith();
    const exact = { bytes: Buffer.alloc(51_200, 65), name: "cv.txt", type: "text/plain" };
    expectSeeOther(await post(app, formPostPaths.career, multipart(career, exact)), "/career/sent");
    const over = { bytes: Buffer.alloc(51_201, 65), name: "cv.txt", type: "text/plain" };
    expectSeeOther(await post(app, formPostPaths.career, multipart({ ...career, name: "Other" }, over)), "/career/not-sent/too-large");
    expect(await stored()).toHaveLength(1);
  });

  it("names a missing resume", async () => {
    expectSeeOther(await post(appWith(), formPostPaths.career, multipart(career, null)), "/career/not-sent/resume");
    const withoutPart = new FormData();
    for (const [name, value] of Object.entries(career)) withoutPart.append(name, value);
    expectSeeOther(await post(appWith(), formPostPaths.career, withoutPart), "/career/not-sent/resume");
    // A career form posted urlencoded carries only the file's name, never the file.
    expectSeeOther(await post(appWith(), formPostPaths.career, urlencoded({ ...career, resume: "cv.pdf" })), "/career/not-sent/resume");
    expect(await stored()).toEqual([]);
  });

  it.each([
    ["contact", { ...contact, name: "   " }, "/contact/not-sent/name"],
    ["contact", { ...contact, name: "n".repeat(121) }, "/contact/not-sent/name"],
    ["contact", { ...contact, email: "ada@example" }, "/contact/not-sent/email"],
    ["contact", { ...contact, email: "" }, "/contact/not-sent/email"],
    ["contact", { ...contact, subject: "Hello\r\nBcc: x@example.com" }, "/contact/not-sent/subject"],
    ["contact", { ...contact, message: " \n " }, "/contact/not-sent/message"],
    ["contact", { name: contact.name, email: contact.email }, "/contact/not-sent/message"],
    ["career", { ...career, name: "" }, "/career/not-sent/name"],
    ["career", { ...career, email: "rahim" }, "/career/not-sent/email"],
    ["career", { ...career, phone: "" }, "/career/not-sent/phone"],
    ["career", { ...career, position: "a\nb" }, "/career/not-sent/position"],
    ["career", { ...career, coverLetter: "c".repeat(5001) }, "/career/not-sent/cover-letter"],
  ] as const)("sends a bad %s field to the page naming it (%#), stores nothing", async (form, fields, location) => {
    const app = appWith();
    const body = form === "contact" ? urlencoded(fields) : multipart(fields);
    const res = await post(app, formPostPaths[form], body);
    expectSeeOther(res, location);
    expect(location).not.toContain("ada@");
    expect(await stored()).toEqual([]);
  });

  // Decision 0063: one e-mail rule for every form; these were taken (and would be a list of recipients).
  it.each(["a,b@evil.test", "x@evil.test;y", "<x@evil.test>"])("sends the e-mail %s to the 'email' page of both forms, stores nothing", async (email) => {
    const app = appWith();
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded({ ...contact, email })), "/contact/not-sent/email");
    expectSeeOther(await post(app, formPostPaths.career, multipart({ ...career, email })), "/career/not-sent/email");
    expect(await stored()).toEqual([]);
  });

  // Decision 0063: free text is stored without the blanks around it, whatever the field.
  it("stores every text field of both forms trimmed", async () => {
    const app = appWith();
    const padded = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, ` \t${v}  `]));
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded(padded(contact))), "/contact/sent");
    expectSeeOther(await post(app, formPostPaths.career, multipart({ ...padded(career), position: ` ${career.position} ` })), "/career/sent");
    const fields = await rows<{ fields: Record<string, string> }>(dirs.database, sql`select fields from leads order by id`);
    expect(fields[0]!.fields).toMatchObject(contact);
    expect(fields[1]!.fields).toMatchObject(career);
  });

  // Decision 0031: what a probe of the running site sent, each stored before.
  it.each([
    ["an ELF executable named resume.pdf", notResumeSamples.elf, "resume.pdf", "application/pdf"],
    ["HTML named cv<RLO>cod.html", notResumeSamples.html, "cv\u202Ecod.html", "text/html"],
    ["an HTML page named resume.pdf.html", notResumeSamples.html, "resume.pdf.html", "text/html"],
    ["a Windows program named resume<RLO>fdp.exe", notResumeSamples.exe, "resume\u202Efdp.exe", "application/x-msdownload"],
    ["a spreadsheet named resume.docx", notResumeSamples.xlsx, "resume.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("sends %s to 'resume-type', stores nothing", async (_, bytes, name, type) => {
    const res = await post(appWith(), formPostPaths.career, multipart(career, { bytes: Buffer.from(bytes), name, type }));
    expectSeeOther(res, "/career/not-sent/resume-type");
    expect(await stored()).toEqual([]);
  });

  it.each([
    ["a PDF", resumeSamples.pdf, "cv.pdf", "application/pdf"],
    ["a DOCX", resumeSamples.docx, "cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["an ODT", resumeSamples.odt, "cv.odt", "application/vnd.oasis.opendocument.text"],
    ["a TXT", resumeSamples.txt, "cv.txt", "text/plain; charset=utf-8"],
  ])("takes %s as a resume, attached with the type of its content", async (_, bytes, name, contentType) => {
    // Browsers declare what the OS guesses, often nothing: the content decides.
    const res = await post(appWith(), formPostPaths.career, multipart(career, { bytes: Buffer.from(bytes), name, type: "application/octet-stream" }));
    expectSeeOther(res, "/career/sent");
    const [eml] = await readStored();
    expect(eml!.replace(/\r\n[ \t]+/g, " ")).toContain(`Content-Type: ${contentType}; name=${name}`);
  });

  // A value of only invisible characters is not there.
  it.each([
    ["contact", { ...contact, name: "\u200B" }, "/contact/not-sent/name"],
    ["contact", { ...contact, message: "\u200B" }, "/contact/not-sent/message"],
    ["career", { ...career, name: " \u200B\u202E " }, "/career/not-sent/name"],
    ["career", { ...career, phone: "\uFEFF" }, "/career/not-sent/phone"],
    ["career", { ...career, position: "\u2060\u200D" }, "/career/not-sent/position"],
  ] as const)("sends a %s field of only invisible characters to its page (%#), stores nothing", async (form, fields, location) => {
    const body = form === "contact" ? urlencoded(fields) : multipart(fields);
    expectSeeOther(await post(appWith(), formPostPaths[form], body), location);
    expect(await stored()).toEqual([]);
  });

  it("sends a resume with a too long file name to 'resume-name'", async () => {
    const file = { bytes: resumeBytes, name: `${"r".repeat(300)}.pdf`, type: "application/pdf" };
    expectSeeOther(await post(appWith(), formPostPaths.career, multipart(career, file)), "/career/not-sent/resume-name");
  });

  it("never puts a field value in the redirect", async () => {
    const res = await post(appWith(), formPostPaths.contact, urlencoded({ ...contact, email: "secret-value@nowhere" }));
    expect(res.headers.get("location")).toBe("/contact/not-sent/email");
  });

  it("treats a filled honeypot as spam: a page that says so, nothing stored", async () => {
    const body = new URLSearchParams({ ...contact, [honeypotName]: "http://spam.example" });
    expectSeeOther(await post(appWith(), formPostPaths.contact, body), "/contact/not-sent/spam");
    const data = multipart(career);
    data.set(honeypotName, "x");
    expectSeeOther(await post(appWith(), formPostPaths.career, data), "/career/not-sent/spam");
    expect(await stored()).toEqual([]);
  });

  it("stores a repeated identical post (a double press on Send) once; a different one again", async () => {
    const app = appWith();
    const [first, second] = await Promise.all([post(app, formPostPaths.contact, urlencoded(contact)), post(app, formPostPaths.contact, urlencoded(contact))]);
    expectSeeOther(first, "/contact/sent");
    expectSeeOther(second, "/contact/sent");
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded(contact)), "/contact/sent");
    expect(await stored()).toHaveLength(1);
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded({ ...contact, message: "Another one." })), "/contact/sent");
    expect(await stored()).toHaveLength(2);
  });

  it("shares the JSON endpoint's rate limit per client IP and answers 'too-many'", async () => {
    const app = appWith({ rateLimit: { max: 2, windowMs: 60_000 } });
    // Forwarded by nginx on this machine (a loopback peer: a trusted proxy by default).
    const from = (ip: string) => [{ "X-Forwarded-For": ip }, "127.0.0.1"] as const;
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded(contact), ...from("203.0.113.1")), "/contact/sent");
    const json = await post(app, "/api/v1.0/email/send", "{}", { "Content-Type": "application/json", ...from("203.0.113.1")[0] }, "127.0.0.1");
    expect(json.status).toBe(400);
    const limited = await post(app, formPostPaths.career, multipart(career), ...from("203.0.113.1"));
    expectSeeOther(limited, "/career/not-sent/too-many");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expectSeeOther(await post(app, formPostPaths.career, multipart(career), ...from("203.0.113.2")), "/career/sent");
    expect(await stored()).toHaveLength(2);
  });

  it("sends a body over the limit to 'too-large' without reading it", async () => {
    const app = appWith({ maxBodyBytes: 1024 });
    const res = await post(app, formPostPaths.contact, urlencoded({ ...contact, message: "x".repeat(2000) }));
    expectSeeOther(res, "/contact/not-sent/too-large");
    const career = await post(app, formPostPaths.career, multipart({ name: "A" }, { bytes: Buffer.alloc(4000), name: "a.pdf" }));
    expectSeeOther(career, "/career/not-sent/too-large");
    expect(await stored()).toEqual([]);
  });

  it("answers 'failed' (the form's failure message) when the database cannot store, and keeps serving", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: unavailableDatabase } });
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded(contact)), "/contact/not-sent/failed");
    expect(errors).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["JSON", "application/json", JSON.stringify(contact)],
    ["plain text", "text/plain", "name=Ada"],
    ["no content type", "", "name=Ada"],
  ])("answers %s with 415 and a reason", async (_, type, body) => {
    const res = await post(appWith(), formPostPaths.contact, body, type ? { "Content-Type": type } : {});
    expect(res.status).toBe(415);
    expect(await res.text()).toMatch(/x-www-form-urlencoded or multipart\/form-data/);
  });

  it.each([
    ["a multipart body without a boundary", "multipart/form-data", '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--x--\r\n'],
    ["a multipart body that does not match its boundary", "multipart/form-data; boundary=abc", "this is not multipart at all"],
    ["a truncated multipart body", "multipart/form-data; boundary=abc", '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda'],
  ])("answers %s with 400 and a reason, stores nothing, and keeps serving", async (_, type, body) => {
    const app = appWith();
    const res = await post(app, formPostPaths.career, body, { "Content-Type": type });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Bad Request: the form data could not be read/);
    expect(await stored()).toEqual([]);
    expectSeeOther(await post(app, formPostPaths.contact, urlencoded(contact)), "/contact/sent");
  });

  it("takes a text part sent as a file as a missing field, not a crash", async () => {
    const data = multipart(career);
    data.set("name", new File(["Rahim"], "name.txt"));
    expectSeeOther(await post(appWith(), formPostPaths.career, data), "/career/not-sent/name");
  });

  it("is not a page: GET answers 404 and stores nothing", async () => {
    const res = await appWith().request(formPostPaths.contact);
    expect(res.status).toBe(404);
    expect(await stored()).toEqual([]);
  });
});
