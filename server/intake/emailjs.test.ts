import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { localMailIds } from "../../app/lib/contracts/form-endpoint";
import { notResumeSamples, resumeSamples } from "../../test-support/resume-samples";
import { createApp } from "../app";
import { rows } from "../db/db";
import { tempDirsPerTest, unavailableDatabase } from "../../test-support/temp-dirs";

const dirs = tempDirsPerTest();

const contactParams = { name: "Ada Buyer", email: "ada@example.com", subject: "Knitwear", message: "We need 5,000 sweaters." };
const resume = Buffer.from("%PDF-1.4 a small resume");
const careerParams = {
  name: "Rahim Uddin",
  email: "rahim@example.com",
  phone: "+880 1711-000000",
  position: "Merchandiser",
  coverLetter: "I have five years of experience.",
  attachment: `data:application/pdf;base64,${resume.toString("base64")}`,
  attachment_filename: "resume.pdf",
};

function body(templateId: string, params: unknown, overrides: Record<string, unknown> = {}) {
  return JSON.stringify({
    lib_version: "4.4.1",
    user_id: localMailIds.publicKey,
    service_id: localMailIds.serviceId,
    template_id: templateId,
    template_params: params,
    ...overrides,
  });
}

/** A POST from the socket peer `peer` (by default none: app.request() without a socket). */
function post(app: ReturnType<typeof createApp>, payload: BodyInit, headers: Record<string, string> = {}, peer?: string) {
  return app.request(
    "/api/v1.0/email/send",
    { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: payload },
    peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined,
  );
}

const storedMessages = () => dirs.storedEmls();

describe("POST /api/v1.0/email/send", () => {
  it("stores a contact message as one .eml in the leads database and answers 200 OK", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body(localMailIds.templates.contact, contactParams));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");
    const files = await storedMessages();
    expect(files).toHaveLength(1);
    const eml = files[0]!;
    expect(eml).toMatch(/^Reply-To: Ada Buyer <ada@example\.com>$/m);
    expect(eml).toMatch(/^Subject: Website contact: Knitwear \(from Ada Buyer\)$/m);
    expect(eml).toContain("We need 5,000 sweaters.");
  });

  it("keeps the language of the page the post came from, its parameters the specification's (decision 0164)", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database, locales: () => ["en", "de"] } });
    expect((await post(app, body(localMailIds.templates.contact, contactParams), { referer: "https://ssl.example/de/contact" })).status).toBe(200);
    const other = { ...contactParams, message: "And 2,000 cardigans." };
    expect((await post(app, body(localMailIds.templates.contact, other), { referer: "https://ssl.example/xx/contact" })).status).toBe(200);
    const locales = await rows<{ locale: string }>(dirs.database, sql`select locale from leads order by id`);
    expect(locales.map((r) => r.locale)).toEqual(["de", "en"]);
  });

  it("stores a job application with the resume as a MIME attachment", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body(localMailIds.templates.career, careerParams));
    expect(res.status).toBe(200);
    const [eml] = await storedMessages();
    expect(eml).toMatch(/^Subject: Job application: Merchandiser \(from Rahim Uddin\)$/m);
    expect(eml).toMatch(/Content-Type: application\/pdf; name=resume\.pdf/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=resume\.pdf/);
    expect(eml).toContain(resume.toString("base64"));
    expect(eml).toContain("Phone: +880 1711-000000");
  });

  const attachmentOf = (bytes: number) => `data:application/pdf;base64,${Buffer.concat([Buffer.from("%PDF-"), Buffer.alloc(bytes - 5, 1)]).toString("base64")}`;

  it.each([
    ["malformed JSON", () => "{ not json", {}, 400, /not valid JSON/],
    ["wrong content type", () => "name=Ada", { "Content-Type": "application/x-www-form-urlencoded" }, 415, /Content-Type: application\/json/],
    ["an oversize body", () => body("contact_form", { ...contactParams, message: "x".repeat(200_000) }), {}, 413, /Payload Too Large/],
    ["an unknown template", () => body("no_such_template", contactParams), {}, 400, /template ID is invalid/],
    ["an unknown service", () => body(localMailIds.templates.contact, contactParams, { service_id: "gmail" }), {}, 400, /service ID/],
    ["a wrong public key", () => body(localMailIds.templates.contact, contactParams, { user_id: "x" }), {}, 400, /public key/],
    ["a bad e-mail", () => body("contact_form", { ...contactParams, email: "not-mail" }), {}, 400, /email: is not an e-mail address/],
    ["a missing message", () => body("contact_form", { ...contactParams, message: " " }), {}, 400, /message: is required/],
    ["a header injection", () => body("contact_form", { ...contactParams, name: "A\r\nBcc: x@y.z" }), {}, 400, /name: must be a single line/],
    ["a too long field", () => body("contact_form", { ...contactParams, name: "n".repeat(500) }), {}, 400, /name: is longer than 120/],
    ["a non-object body", () => "[1,2]", {}, 400, /Bad Request/],
    ["an attachment that is no data URL", () => body("career_form", { ...careerParams, attachment: "hello" }), {}, 400, /attachment: is not a base64 data URL/],
    [
      "a broken base64 attachment",
      () => body("career_form", { ...careerParams, attachment: "data:text/plain;base64,abc" }),
      {},
      400,
      /attachment: is not a base64/,
    ],
    [
      "an attachment over 50KB",
      () => body("career_form", { ...careerParams, attachment: attachmentOf(50 * 1024 + 1) }),
      {},
      400,
      /attachment: is larger than 50KB/,
    ],
    ["a missing attachment", () => body("career_form", { ...careerParams, attachment: undefined }), {}, 400, /attachment/],
  ])("answers %s with its 4xx and a reason, stores nothing, and keeps answering", async (_, payload, headers, status, reason) => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, payload(), headers);
    expect(res.status).toBe(status);
    expect(await res.text()).toMatch(reason);
    expect(await storedMessages()).toEqual([]);
    expect((await post(app, body(localMailIds.templates.contact, contactParams))).status).toBe(200);
  });

  it("accepts an attachment of exactly 50KB", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body("career_form", { ...careerParams, attachment: attachmentOf(50 * 1024) }));
    expect(res.status).toBe(200);
  });

  it("limits each client IP, an IPv6 client by its /64, and still serves the others", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database, rateLimit: { max: 2, windowMs: 60_000 } } });
    // Forwarded by nginx on this machine (a loopback peer: a trusted proxy by default).
    const from = (ip: string) => [{ "X-Forwarded-For": ip }, "127.0.0.1"] as const;
    // Different messages each time: the same one again would be a repeat, stored once.
    let n = 0;
    const ok = () => body(localMailIds.templates.contact, { ...contactParams, message: `Order ${++n}` });
    expect((await post(app, ok(), ...from("203.0.113.1"))).status).toBe(200);
    expect((await post(app, ok(), ...from("203.0.113.1"))).status).toBe(200);
    const limited = await post(app, ok(), ...from("203.0.113.1"));
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Too Many Requests/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(app, ok(), ...from("203.0.113.2"))).status).toBe(200);
    // Rotating the low 64 bits is the same client (in-process since decision 0191: npm-start.test.ts
    // started a server of its own for it; the key is client-address.ts's whichever server runs it).
    expect((await post(app, ok(), ...from("2001:db8:1:2::1"))).status).toBe(200);
    expect((await post(app, ok(), ...from("2001:db8:1:2:ffff::2"))).status).toBe(200);
    expect((await post(app, ok(), ...from("2001:db8:1:2:abcd:1234:5678:9abc"))).status).toBe(429);
    expect((await post(app, ok(), ...from("2001:db8:1:3::1"))).status).toBe(200);
    expect(await storedMessages()).toHaveLength(6);
  });

  it("answers 503 with a reason when the database cannot store the message, and keeps answering", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: unavailableDatabase } });
    const res = await post(app, body(localMailIds.templates.contact, contactParams));
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/could not be stored, please try again later/);
    expect(errors).toHaveBeenCalledTimes(1);
    expect((await post(app, "{ nope")).status).toBe(400);
  });

  it("is absent when the app is created without mail options", async () => {
    const app = createApp({ clientDir: dirs.clientDir });
    expect((await post(app, body(localMailIds.templates.contact, contactParams))).status).toBe(405);
  });

  const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
  /** The one stored message, its folded header lines unfolded. */
  const readOnlyMessage = async () => {
    const [eml, ...more] = await storedMessages();
    expect(more).toEqual([]);
    return eml!.replace(/\r\n[ \t]+/g, " ");
  };

  // Decision 0031: what a probe of the running site sent, each accepted before.
  it.each([
    ["an ELF executable named resume.pdf", "application/pdf", notResumeSamples.elf, "resume.pdf"],
    ["HTML named cv<RLO>cod.html", "text/html", notResumeSamples.html, "cv\u202Ecod.html"],
    ["a data:text/html page named resume.pdf.html", "text/html", notResumeSamples.html, "resume.pdf.html"],
    ["a Windows program named resume<RLO>fdp.exe", "application/x-msdownload", notResumeSamples.exe, "resume\u202Efdp.exe"],
    [
      "a ZIP holding a program, declared a DOCX",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      notResumeSamples.exeInZip,
      "resume.docx",
    ],
  ])("refuses %s: 400 naming the accepted types, nothing stored", async (_, type, bytes, name) => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body("career_form", { ...careerParams, attachment: dataUrl(type, bytes), attachment_filename: name }));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(
      "Bad Request: template_params: attachment: is not an accepted file type (a resume may be PDF, DOC, DOCX, ODT, RTF, TXT, JPEG or PNG, checked by its content)",
    );
    expect(await storedMessages()).toEqual([]);
  });

  it.each([
    ["a PDF", resumeSamples.pdf, "application/octet-stream", "cv.pdf", "application/pdf", "cv.pdf"],
    ["a DOCX", resumeSamples.docx, "", "cv.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "cv.docx"],
    ["an ODT", resumeSamples.odt, "application/zip", "cv.odt", "application/vnd.oasis.opendocument.text", "cv.odt"],
    ["a TXT", resumeSamples.txt, "text/plain", "cv.txt", "text/plain; charset=utf-8", "cv.txt"],
    ["a PDF declared as HTML and named so", resumeSamples.pdf, "text/html", "cv.html", "application/pdf", "cv.pdf"],
  ])("takes %s, sent with the type and extension of its content", async (_, bytes, declared, name, contentType, fileName) => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body("career_form", { ...careerParams, attachment: dataUrl(declared, bytes), attachment_filename: name }));
    expect(res.status).toBe(200);
    const eml = await readOnlyMessage();
    expect(eml).toContain(`Content-Type: ${contentType}; name=${fileName}`);
    expect(eml).toContain(`Content-Disposition: attachment; filename=${fileName}`);
    expect(eml).toContain(`Resume: ${fileName}`);
  });

  it("removes bidi and zero-width controls from the names in the headers and the attachment's name", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const params = { ...careerParams, name: "Rahim\u202E Uddin\u200B", position: "Merch\u2066andiser", attachment_filename: "cv\u202Etxt.exe" };
    const res = await post(app, body("career_form", { ...params, attachment: dataUrl("text/plain", resumeSamples.txt) }));
    expect(res.status).toBe(200);
    const eml = await readOnlyMessage();
    expect(eml).toMatch(/^Reply-To: Rahim Uddin <rahim@example\.com>$/m);
    expect(eml).toMatch(/^Subject: Job application: Merchandiser \(from Rahim Uddin\)$/m);
    expect(eml).toContain("Content-Disposition: attachment; filename=cvtxt.txt");
    expect(eml).toContain("Resume: cvtxt.txt");
    const headers = eml.slice(0, eml.indexOf("\r\n\r\n"));
    expect(headers).not.toMatch(/[\u200B\u202E\u2066]|E2=80=AE|E2=80=8B|E2=81=A6/i);
  });

  // A value of only invisible characters is not there.
  it.each([
    ["a name of only U+200B", "contact_form", { ...contactParams, name: "\u200B" }, /name: is required/],
    ["an applicant's name of only U+200B", "career_form", { ...careerParams, name: "\u200B" }, /name: is required/],
    ["a message of only U+200B", "contact_form", { ...contactParams, message: "\u200B\u200B" }, /message: is required/],
    ["a message of bidi marks and spaces", "contact_form", { ...contactParams, message: " \u200E\u202E \uFEFF" }, /message: is required/],
    ["a phone of a word joiner", "career_form", { ...careerParams, phone: "\u2060" }, /phone: is required/],
    ["a position of zero-width joiners", "career_form", { ...careerParams, position: "\u200D\u200C" }, /position: is required/],
    ["a file name of only an override", "career_form", { ...careerParams, attachment_filename: "\u202E" }, /attachment_filename: is required/],
  ])("answers %s with 400 naming the field, nothing stored", async (_, template, params, reason) => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body(template, params));
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(reason);
    expect(await storedMessages()).toEqual([]);
  });
});

describe("POST /api/v1.0/email/send, template and repeat rules", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])("answers template_id %j with 400 naming the unknown template", async (templateId) => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const res = await post(app, body(templateId, contactParams));
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(`Bad Request: the template ID is invalid: no template "${templateId}"`);
    expect(await storedMessages()).toEqual([]);
  });

  it("stores the same submission posted twice once, and answers OK both times (as the native form post does)", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const twice = await Promise.all([post(app, body("contact_form", contactParams)), post(app, body("contact_form", contactParams))]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(await storedMessages()).toHaveLength(1);
    // A different message from the same person is a new lead.
    expect((await post(app, body("contact_form", { ...contactParams, message: "And 2,000 cardigans." }))).status).toBe(200);
    expect(await storedMessages()).toHaveLength(2);
  });

  it("counts a native post and a JSON post of the same message as one", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const native = await app.request("/api/v1.0/email/form/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(contactParams).toString(),
    });
    expect(native.status).toBe(303);
    expect((await post(app, body("contact_form", contactParams))).status).toBe(200);
    expect(await storedMessages()).toHaveLength(1);
  });
});
