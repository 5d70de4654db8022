// A real SMTP server for tests: the app sends through nodemailer over SMTP, and tests read
// what arrived.
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header names lower-cased, values as sent (List-Unsubscribe, say). */
  headers: Record<string, string>;
};

/** `stallFirst`: that many messages are taken in but never acknowledged, as a dying sender would leave them. */
export async function startSmtpPeer(options: { stallFirst?: number } = {}) {
  let stallsLeft = options.stallFirst ?? 0;
  const inbox: ReceivedMail[] = [];
  let stalled = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      if (stallsLeft > 0) {
        stallsLeft--;
        stalled++;
        stream.resume();
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          inbox.push({
            to: to?.value[0]?.address ?? "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: Object.fromEntries(
              parsed.headerLines.map((line) => [
                line.key,
                line.line.slice(line.line.indexOf(":") + 1).trim(),
              ]),
            ),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;

  /** The next mail to `to` whose subject matches, waiting up to `timeoutMs` for it. */
  async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const found = inbox.find((m) => m.to === to && subject.test(m.subject));
      if (found) {
        inbox.splice(inbox.indexOf(found), 1);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    waitForMail,
    /** How many messages have been taken in and held unacknowledged (see `stallFirst`). */
    get stalled() {
      return stalled;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function firstLink(mail: ReceivedMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in mail "${mail.subject}"`);
  return link;
}
