import { afterEach, describe, expect, it, vi } from "vitest";
import { localMailIds } from "~/lib/contracts/form-endpoint";
import { mailConfigFromEnv } from "~/lib/contracts/mail-config";
import { describeMailError, MailTimeoutError, sendMail } from "./send-mail";

// Only the network boundary (fetch) is replaced; the real @emailjs/browser SDK runs.
const fetchMock = () => vi.spyOn(globalThis, "fetch");
const params = { name: "Ada", email: "ada@example.com", subject: "Hi", message: "Hello" };

afterEach(() => vi.useRealTimers());

describe("mailConfigFromEnv", () => {
  it("uses the built-in local endpoint when EmailJS keys are missing", () => {
    expect(mailConfigFromEnv({})).toEqual({ ...localMailIds, origin: undefined });
    expect(mailConfigFromEnv({ VITE_EMAILJS_PUBLIC_KEY: "pk" }).origin).toBeUndefined();
  });

  it("uses EmailJS when all keys are set", () => {
    const config = mailConfigFromEnv({
      VITE_EMAILJS_PUBLIC_KEY: "pk",
      VITE_EMAILJS_SERVICE_ID: "svc",
      VITE_EMAILJS_CONTACT_TEMPLATE_ID: "t1",
      VITE_EMAILJS_CAREER_TEMPLATE_ID: "t2",
    });
    expect(config).toEqual({ publicKey: "pk", serviceId: "svc", templates: { contact: "t1", career: "t2" }, origin: "https://api.emailjs.com" });
  });
});

describe("sendMail", () => {
  it("posts the SDK's JSON to this site's own endpoint by default", async () => {
    const fetch = fetchMock().mockResolvedValue(new Response("OK", { status: 200 }));
    await expect(sendMail("contact", params)).resolves.toMatchObject({ status: 200, text: "OK" });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${window.location.origin}/api/v1.0/email/send`);
    expect(JSON.parse(String(init?.body))).toEqual({
      lib_version: expect.any(String),
      user_id: localMailIds.publicKey,
      service_id: localMailIds.serviceId,
      template_id: localMailIds.templates.contact,
      template_params: params,
    });
  });

  it("posts to EmailJS with the configured ids and the career template", async () => {
    const fetch = fetchMock().mockResolvedValue(new Response("OK", { status: 200 }));
    const config = { publicKey: "pk", serviceId: "svc", templates: { contact: "t1", career: "t2" }, origin: "https://api.emailjs.com" };
    await sendMail("career", { name: "Ada" }, { config });
    expect(fetch.mock.calls[0]![0]).toBe("https://api.emailjs.com/api/v1.0/email/send");
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({ user_id: "pk", service_id: "svc", template_id: "t2" });
  });

  it.each([
    [451, "Unavailable For Headless Browser"],
    [403, "Forbidden"],
    [429, "Too Many Requests"],
  ])("rejects when the service answers %i", async (status, text) => {
    fetchMock().mockResolvedValue(new Response(text, { status }));
    const error = await sendMail("contact", params).catch((e: unknown) => e);
    expect(error).toMatchObject({ status, text });
    expect(describeMailError(error)).toBe(`status ${status} ${text}`);
  });

  it("rejects on a network error", async () => {
    fetchMock().mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(sendMail("contact", params)).rejects.toThrow("Failed to fetch");
  });

  it("gives up after the timeout when no answer comes", async () => {
    fetchMock().mockReturnValue(new Promise(() => {}));
    vi.useFakeTimers();
    const sending = sendMail("contact", params).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    const error = await sending;
    expect(error).toBeInstanceOf(MailTimeoutError);
    expect(describeMailError(error)).toBe("MailTimeoutError: No answer from the mail service within 15 s");
  });
});
