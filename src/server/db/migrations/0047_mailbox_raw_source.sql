-- The local mailbox keeps each mail's source as it would have gone over SMTP, so its headers
-- (List-Unsubscribe, say) can be read with no mail server. Texts and older mail have none.
ALTER TABLE "mailbox_messages" ADD COLUMN "raw" text;
