import { describe, expect, it } from "vitest";
import { localMailIds } from "../../app/features/forms/mail/local-endpoint";
import { createApp } from "../app";
import { tempDirsPerTest } from "./test-dirs";

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

function post(app: ReturnType<typeof createApp>, payload: BodyInit, headers: Record<string, string> = {}) {
  return app.request("/api/v1.0/email/send", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: payload,
  });
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

  const attachmentOf = (bytes: number) => `data:application/pdf;base64,${Buffer.alloc(bytes, 1).toString("base64")}`;

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
    ["a broken base64 attachment", () => body("career_form", { ...careerParams, attachment: "data:text/plain;base64,abc" }), {}, 400, /attachment: is not a base64/],
    ["an attachment over 50KB", () => body("career_form", { ...careerParams, attachment: attachmentOf(50 * 1024 + 1) }), {}, 400, /attachment: is larger than 50KB/],
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

  it("limits each client IP and still serves the others", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database, trustProxy: true, rateLimit: { max: 2, windowMs: 60_000 } } });
    const from = (ip: string) => ({ "X-Forwarded-For": ip });
    // Different messages: an identical one would be a double press, stored once.
    let n = 0;
    const ok = () => body(localMailIds.templates.contact, { ...contactParams, message: `Message ${++n}` });
    expect((await post(app, ok(), from("203.0.113.1"))).status).toBe(200);
    expect((await post(app, ok(), from("203.0.113.1"))).status).toBe(200);
    const limited = await post(app, ok(), from("203.0.113.1"));
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/Too Many Requests/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(app, ok(), from("203.0.113.2"))).status).toBe(200);
    expect(await storedMessages()).toHaveLength(3);
  });

  it("stores a repeated identical send (a double press) once and answers 200 to both", async () => {
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: dirs.database } });
    const send = () => post(app, body(localMailIds.templates.contact, contactParams));
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(await storedMessages()).toHaveLength(1);
  });

  it("answers 503 with a reason when the database cannot store the message, and keeps answering", async () => {
    const down = { transaction: () => Promise.reject(new Error("connection refused")) } as unknown as typeof dirs.database;
    const app = createApp({ clientDir: dirs.clientDir, mail: { database: down } });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await post(app, body(localMailIds.templates.contact, contactParams));
      expect(res.status).toBe(503);
      expect(await res.text()).toMatch(/could not be stored, please try again later/);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect((await post(app, "{ nope")).status).toBe(400);
  });

  it("is absent when the app is created without mail options", async () => {
    const app = createApp({ clientDir: dirs.clientDir });
    expect((await post(app, body(localMailIds.templates.contact, contactParams))).status).toBe(405);
  });
});
