// The injected clock of a server under test in the e2e (decision 0159's scheduled publish): preloaded
// with `node --import`, it puts the process's clock E2E_CLOCK_FILE's number of milliseconds ahead of
// the real one (`Date.now()` and `new Date()`; a date made from a value is that value). The test
// writes the file; the server reads it again every 100 ms. The server's timers still run in real
// time: a test moves the clock to a scheduled time and waits for the server's next look at it.
// Only the process it is preloaded into: the site builds that server spawns keep the real clock.
import { readFileSync } from "node:fs";

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, "utf8").trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [RealDate.now() + offset] : args, newTarget),
    get: (target, property, receiver) => (property === "now" ? () => RealDate.now() + offset : Reflect.get(target, property, receiver)),
  });
}
