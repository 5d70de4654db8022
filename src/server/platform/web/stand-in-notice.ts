// What a production server running on a stand-in tells every person on every page: a member
// about to "pay" in the sandbox must know no money moves, and an owner must know their mail
// is not going out. A strip at the top of each HTML page, outside the app's root, so a client
// route, a visitor page and a page the app could not load all carry it.
import type { StandIn } from "../../config.js";

const WHAT_IT_MEANS: Record<StandIn, string> = {
  payments: "payments are a sandbox, no money moves",
  mail: "mail is kept on the server, not sent",
  texts: "text messages are kept on the server, not sent",
};

/** The notice's sentence, or undefined when nothing stands in. */
export function standInText(standIns: StandIn[]): string | undefined {
  if (standIns.length === 0) return undefined;
  return `Trial server: ${standIns.map((standIn) => WHAT_IT_MEANS[standIn]).join("; ")}.`;
}

/** The page with the notice first in its body; the text is ours, fixed, so needs no escaping. */
export function withStandInNotice(html: string, text: string | undefined): string {
  if (!text) return html;
  const strip =
    `<div role="status" data-stand-in-notice style="background:#fef3c7;color:#78350f;` +
    `font:600 14px/1.4 system-ui,sans-serif;padding:6px 12px;text-align:center;` +
    `border-bottom:1px solid #f59e0b">${text}</div>`;
  return html.replace(/<body[^>]*>/, (body) => `${body}\n    ${strip}`);
}
