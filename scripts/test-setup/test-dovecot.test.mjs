import { ImapFlow } from "imapflow";
import { afterAll, describe, expect, it } from "vitest";
import { ephemeralPortRange } from "./free-port.mjs";
import { startTestDovecot } from "./test-dovecot.mjs";

const message = (id) => `From: Buyer <buyer@example.net>\r\nTo: sales@example.com\r\nSubject: Hello\r\nMessage-ID: <${id}@example.net>\r\n\r\nHello.\r\n`;

async function capabilities(server) {
  const client = new ImapFlow({ host: server.host, port: server.port, secure: false, auth: { user: server.user, pass: server.password }, logger: false });
  await client.connect();
  try {
    return [...client.capabilities.keys()];
  } finally {
    await client.logout();
  }
}

describe("the tests' Dovecot", () => {
  const servers = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it("serves a mailbox on a loopback port outside the ephemeral range, keeps appended mail unread across a restart", async () => {
    const server = await startTestDovecot();
    servers.push(server);
    const { low, high } = ephemeralPortRange();
    expect(server.port < low || server.port > high).toBe(true);
    expect(new URL(server.url).protocol).toBe("imap:");
    expect(await capabilities(server)).toContain("IDLE");

    const uid = await server.append(message("one"));
    await server.stop();
    await expect(server.messages()).rejects.toThrow();
    await server.start();
    const [stored] = await server.messages();
    expect(stored).toMatchObject({ uid, messageId: "<one@example.net>" });
    expect(stored.flags).not.toContain("\\Seen");
  }, 60_000);

  it("offers no IDLE when asked to make its clients poll", async () => {
    const server = await startTestDovecot({ idle: false });
    servers.push(server);
    expect(await capabilities(server)).not.toContain("IDLE");
  }, 60_000);
});
