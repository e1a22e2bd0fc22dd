import { describe, expect, it } from "vitest";
import { localMailIds } from "../../app/lib/contracts/form-endpoint";
import { createApp } from "../app";
import { ConfigError, mailOptionsFromEnv } from "./config";
import { tempDirsPerTest } from "../../test-support/temp-dirs";

const dirs = tempDirsPerTest();

const contact = JSON.stringify({
  user_id: localMailIds.publicKey,
  service_id: localMailIds.serviceId,
  template_id: localMailIds.templates.contact,
  template_params: { name: "Ada Buyer", email: "ada@buyer.example", subject: "Knitwear", message: "5,000 sweaters." },
});

/** What `npm start` stores for one contact message, with the mail options read from this environment. */
async function storedWith(env: NodeJS.ProcessEnv): Promise<string> {
  const app = createApp({ clientDir: dirs.clientDir, mail: { ...mailOptionsFromEnv(env), database: dirs.database } });
  const res = await app.request("/api/v1.0/email/send", { method: "POST", headers: { "Content-Type": "application/json" }, body: contact });
  expect(res.status).toBe(200);
  const [eml] = await dirs.storedEmls();
  return eml!;
}

describe("mail options from the environment", () => {
  it.each([
    ["unset", {}],
    ["empty", { MAIL_FROM: "", MAIL_TO: "", SMTP_URL: "" }],
    ["blank", { MAIL_FROM: "  ", MAIL_TO: " " }],
  ])("gives every message the default sender and recipient when MAIL_FROM and MAIL_TO are %s", async (_, env) => {
    const eml = await storedWith(env);
    expect(eml).toMatch(/^From: SSL website <website@localhost>$/m);
    expect(eml).toMatch(/^To: info@localhost$/m);
    // The site's own domain, never the visitor's (ada@buyer.example).
    expect(eml).toMatch(/^Message-ID: <[^@\s]+@localhost>$/m);
  });

  it("uses MAIL_FROM and MAIL_TO when set, and the sender's domain in Message-ID", async () => {
    const eml = await storedWith({ MAIL_FROM: "SSL Website <web@ssl.example>", MAIL_TO: "sales@ssl.example, hr@ssl.example" });
    expect(eml).toMatch(/^From: SSL Website <web@ssl\.example>$/m);
    expect(eml).toMatch(/^To: sales@ssl\.example, hr@ssl\.example$/m);
    expect(eml).toMatch(/^Message-ID: <[^@\s]+@ssl\.example>$/m);
  });

  it("refuses SMTP_URL without MAIL_TO, naming the variable", () => {
    expect(() => mailOptionsFromEnv({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(ConfigError);
    expect(() => mailOptionsFromEnv({ SMTP_URL: "smtp://127.0.0.1:2525", MAIL_TO: "" })).toThrow(/MAIL_TO/);
  });

  it.each([
    ["MAIL_FROM", { MAIL_FROM: "not an address" }],
    ["MAIL_TO", { MAIL_TO: "sales@ssl.example, nobody" }],
    ["MAIL_RATE_LIMIT_MAX", { MAIL_RATE_LIMIT_MAX: "ten" }],
    ["SMTP_URL", { SMTP_URL: "not a url", MAIL_TO: "sales@ssl.example" }],
  ])("names %s when its value is not usable", (name, env) => {
    expect(() => mailOptionsFromEnv(env)).toThrow(new RegExp(`^${name}: `));
  });
});
