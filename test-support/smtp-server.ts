import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { withFreePorts } from "../scripts/test-setup/free-port.mjs";

/** A message the server accepted: its envelope's recipients and the message as parsed. */
export type ReceivedMail = { to: string[]; mail: ParsedMail };

/**
 * A real SMTP server on loopback (smtp-server), where a test's relay delivers: every message it
 * accepts lands in `received`. `refuse` answers 451 to that many next messages. Without `port` it
 * takes one found free outside the ephemeral range: a test may stop it and start another on the
 * same port, which an outgoing connection could take in between if the kernel had chosen it.
 */
export async function startTestSmtp({ port, received = [] }: { port?: number; received?: ReceivedMail[] } = {}) {
  const state = { refuse: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        if (state.refuse > 0) {
          state.refuse--;
          return callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
        callback();
      }, callback);
    },
  });
  const listen = (free: number) =>
    new Promise<number>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(free, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port));
    });
  const bound = port === undefined ? await withFreePorts(1, ([free]) => listen(free!)) : await listen(port);
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    /** How many of the next messages it answers 451 (counts down as it does). */
    get refuse() {
      return state.refuse;
    },
    set refuse(count: number) {
      state.refuse = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
