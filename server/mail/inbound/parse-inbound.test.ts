import MailComposer from "nodemailer/lib/mail-composer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { notResumeSamples, resumeSamples } from "../../../test-support/resume-samples";
import { inboundText, messageIdsKept, parseInbound } from "./parse-inbound";

const compose = (options: Mail.Options) =>
  new MailComposer({ from: "Anna Berg <anna@nordic.example>", to: "sales@example.com", date: new Date("2026-11-20T10:00:00Z"), ...options }).compile().build();

const read = async (options: Mail.Options, receivedAt?: Date) => {
  const result = await parseInbound(await compose(options), { receivedAt });
  if (result.kind !== "message") throw new Error(`skipped: ${result.reason}`);
  return result.message;
};

describe("an e-mail read from the mailbox", () => {
  it("keeps the headers that thread it, its sender and its text", async () => {
    const message = await read(
      {
        messageId: "<answer-1@nordic.example>",
        inReplyTo: "<reply-9@example.com>",
        references: ["<ack-1@example.com>", "<reply-9@example.com>"],
        subject: "Re: Knitted polo [Q-2026-00042]",
        text: "Hello,\r\nwe take 2,000 pieces.\r\n",
      },
      new Date("2026-11-21T08:00:00Z"),
    );
    expect(message).toMatchObject({
      messageId: "<answer-1@nordic.example>",
      inReplyTo: "<reply-9@example.com>",
      references: ["<ack-1@example.com>", "<reply-9@example.com>"],
      from: "Anna Berg <anna@nordic.example>",
      to: "sales@example.com",
      subject: "Re: Knitted polo [Q-2026-00042]",
      text: "Hello,\nwe take 2,000 pieces.",
      attachments: [],
    });
    expect(message.at.toISOString()).toBe("2026-11-21T08:00:00.000Z");
  });

  it("turns an HTML-only e-mail into text, with no markup and no script left", async () => {
    const message = await read({
      subject: "Prices",
      html: '<p>Dear team,</p><p>see <a href="https://nordic.example/spec">our spec</a>.</p><script>alert("x")</script><img src="cid:logo"><table><tr><td>Size</td><td>M</td></tr></table>',
    });
    expect(message.text).toContain("Dear team,");
    expect(message.text).toContain("our spec [https://nordic.example/spec]");
    expect(message.text).toMatch(/Size\s+M/);
    expect(message.text).not.toMatch(/<|alert/);
  });

  it("without a Message-ID, is known by the hash of its bytes: the same e-mail twice has one key", async () => {
    const raw = Buffer.from("From: anna@nordic.example\r\nSubject: [Q-2026-00042]\r\n\r\nNo id.\r\n");
    const [first, second, other] = await Promise.all([parseInbound(raw), parseInbound(Buffer.from(raw)), parseInbound(Buffer.concat([raw, Buffer.from("!")]))]);
    expect(first.kind === "message" && first.message.messageId).toMatch(/^<sha256-[0-9a-f]{64}@inbound\.invalid>$/);
    expect(second.kind === "message" && second.message.messageId).toBe(first.kind === "message" && first.message.messageId);
    expect(other.kind === "message" && other.message.messageId).not.toBe(first.kind === "message" && first.message.messageId);
  });

  it("keeps PDF, JPEG, PNG and XLSX files by their content, named with their real extension, and lists the others it did not keep", async () => {
    const message = await read({
      subject: "Files",
      text: "Our files.",
      attachments: [
        { filename: "spec sheet.pdf", content: Buffer.from(resumeSamples.pdf) },
        { filename: "photo.png", content: Buffer.from(resumeSamples.jpeg) },
        { filename: "invoice.pdf", content: Buffer.from(notResumeSamples.exe), contentType: "application/pdf" },
        { filename: "page.html", content: Buffer.from(notResumeSamples.html) },
      ],
    });
    expect(message.attachments.map((f) => [f.filename, f.contentType])).toEqual([
      ["spec sheet.pdf", "application/pdf"],
      ["photo.jpg", "image/jpeg"],
    ]);
    expect(message.attachments[0]!.content.equals(Buffer.from(resumeSamples.pdf))).toBe(true);
    expect(message.text).toBe(`Our files.\n\n${inboundText.notKept}\n- invoice.pdf (${inboundText.notAFileType})\n- page.html (${inboundText.notAFileType})`);
  });

  it("keeps at most the quote form's five files", async () => {
    const message = await read({
      text: "Six photos.",
      attachments: Array.from({ length: 6 }, (_, i) => ({ filename: `p${i + 1}.png`, content: Buffer.from(resumeSamples.png) })),
    });
    expect(message.attachments.map((f) => f.filename)).toEqual(["p1.png", "p2.png", "p3.png", "p4.png", "p5.png"]);
    expect(message.text).toContain(`- p6.png (${inboundText.tooMany})`);
  });

  it("leaves alone the site's own mail and automatic answers, whatever they quote", async () => {
    const own = await parseInbound(
      await compose({ subject: "Quote request Q-2026-00042: Acme [Q-2026-00042]", headers: { "X-SSL-Form": "quote" }, text: "A quote request." }),
    );
    const away = await parseInbound(
      await compose({ subject: "Automatic reply: Re: [Q-2026-00042]", headers: { "Auto-Submitted": "auto-replied" }, text: "Out of office." }),
    );
    const human = await parseInbound(await compose({ subject: "Re: [Q-2026-00042]", headers: { "Auto-Submitted": "no" }, text: "Me." }));
    expect(own).toEqual({ kind: "skipped", reason: "site" });
    expect(away).toEqual({ kind: "skipped", reason: "automatic" });
    expect(human.kind).toBe("message");
  });

  it("makes one line of each header a sender wrote, without bidi controls", async () => {
    const message = await read({ from: "\u202eAnna\u202c <anna@nordic.example>", subject: "Re:\u200f [Q-2026-00042]", text: "." });
    expect(message.from).toBe("Anna <anna@nordic.example>");
    expect(message.subject).toBe("Re: [Q-2026-00042]");
  });

  it("threads an e-mail too large to keep by its headers, and says where to read it", async () => {
    const raw = await compose({ messageId: "<big@nordic.example>", inReplyTo: "<reply-9@example.com>", subject: "Catalogue", text: "x" });
    const header = raw.subarray(0, raw.indexOf("\r\n\r\n") + 4);
    const result = await parseInbound(header, { size: 60 * 1024 * 1024 });
    expect(result).toMatchObject({
      kind: "message",
      message: { messageId: "<big@nordic.example>", inReplyTo: "<reply-9@example.com>", attachments: [], text: inboundText.tooLarge("60.0") },
    });
  });

  it("keeps no NUL or other control character in any text: the body, subject, sender and file names (PostgreSQL refuses NUL)", async () => {
    const pdf = Buffer.from(resumeSamples.pdf).toString("base64");
    const raw = Buffer.from(
      [
        "From: =?utf-8?q?An=00na?= <anna@nordic.example>",
        "Subject: =?utf-8?q?a=00b=07c?=",
        "Message-ID: <nul@nordic.example>",
        'Content-Type: multipart/mixed; boundary="b"',
        "",
        "--b",
        "Content-Type: text/plain; charset=utf-8",
        "Content-Transfer-Encoding: quoted-printable",
        "",
        "one=00two=1B three\ttab",
        "--b",
        "Content-Type: application/pdf",
        "Content-Disposition: attachment; filename*=utf-8''a%00b.pdf",
        "Content-Transfer-Encoding: base64",
        "",
        pdf,
        "--b--",
        "",
      ].join("\r\n"),
    );
    const result = await parseInbound(raw);
    if (result.kind !== "message") throw new Error("skipped");
    expect(result.message).toMatchObject({
      from: "Anna <anna@nordic.example>",
      subject: "abc",
      text: "onetwo three\ttab",
      attachments: [{ filename: "ab.pdf" }],
    });
  });

  it("keeps the first and the latest Message-IDs of a References header of 40,000, and none too long to be anyone's", async () => {
    const references = Array.from({ length: 40_000 }, (_, i) => `<r${i}@x.example>`);
    const message = await read({ inReplyTo: `<${"x".repeat(300)}@x.example>`, references, text: "." });
    const { first, last } = messageIdsKept;
    expect(message.references).toEqual([...references.slice(0, first), ...references.slice(-last)]);
    expect(message.inReplyTo).toBeNull();
  });

  it("gives the sender's address alone, lower-cased, whatever the display name says", async () => {
    const message = await read({ from: '"anna@nordic.example" <Mallory@Evil.example>', text: "." });
    expect(message.fromAddress).toBe("mallory@evil.example");
  });
});
