// The local mailbox used when no SMTP server is configured. Owned by platform/mail.
import { bigint, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

// The local mailbox used when no SMTP server is configured.
export const mailboxMessages = pgTable("mailbox_messages", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  /**
   * The mail's RFC 5322 source as nodemailer would have sent it over SMTP, so its headers can
   * be read with no mail server. Null for a text message, and for mail kept before it was kept.
   */
  raw: text("raw"),
  createdAt: createdAt(),
});
