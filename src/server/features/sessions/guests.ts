// A member brings a named guest (decision 028). The guest takes a place as anyone does, by
// bring_guest (migration 0036) under the session's lock, within the club's guest rules
// (clubs' access rules); in a paid session the member pays the guest price at the same checkout a
// player does. After that the guest is a registration like a walk-in: checked in at the door,
// on the board, in the night's record; the member who brought them, or an organizer, may give
// the place back (give_up_place). If the guest joins the club under the address given here,
// their places become theirs (claim_guest_places).
import type { GuestBrought } from "../../../shared/contracts/access-rules.js";
import { duesMessages } from "../../../shared/domain/dues-messages.js";
import { dateTimeFormat, plural } from "../../../shared/domain/formatters.js";
import { openingTime } from "../../../shared/domain/session-time.js";
import type { AppDeps } from "../../app-deps.js";
import type { Tx } from "../../db/database.js";
import { AppError, notFound } from "../../platform/errors/app-error.js";
import { withEffects } from "../../platform/jobs/outbox.js";
import { accessRules, clubTimeZone } from "../clubs/service.js";
import { holdExpiry } from "./effects.js";
import { checkoutFor } from "./payments.js";
import { placePrice } from "./place-price.js";
import { bringGuest } from "./place-rules.js";
import { listRegistrations } from "./registration-list.js";
import { createPayment, lockForAPlace, openPaymentId, sessionClosed } from "./registrations.js";
import { PAYMENT_HOLD_MINUTES, type SessionRow } from "./session-lock.js";

export async function bringGuestWithCheckout(
  deps: AppDeps,
  organizationId: string,
  sessionId: string,
  host: string,
  body: GuestBrought,
) {
  const now = deps.now();
  const { result } = await withEffects(deps, async (tx, effects) => {
    const session = await lockForAPlace(tx, deps, effects, { organizationId, sessionId, now });
    const [place] = await bringGuest(tx, {
      organizationId,
      sessionId,
      host,
      guest: body.name,
      guestEmail: body.email ?? null,
      at: now,
      holdUntil: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
    });
    if (place?.verdict !== "placed" && place?.verdict !== "listed") {
      throw await refusal(tx, session, place?.verdict, place?.waitlistPosition ?? null);
    }
    const price = await placePrice(tx, session, { userId: host, guest: true }, now);
    const paymentId =
      place.verdict === "listed"
        ? await openPaymentId(tx, session, place, price)
        : place.status === "pending_payment"
          ? await createPayment(tx, session, place.id!, price)
          : null;
    if (place.verdict === "placed" && place.holdExpiresAt) {
      effects.push(holdExpiry(organizationId, sessionId, place.holdExpiresAt));
    }
    const registration = (await listRegistrations(tx, organizationId, sessionId)).find(
      (r) => r.id === place.id,
    )!;
    return { registration, paymentId };
  });
  const { registration, paymentId } = result;
  return { registration, checkoutUrl: paymentId ? await checkoutFor(deps, paymentId) : null };
}

/**
 * Why a guest was not taken, in words the member can act on. Read in the refusing transaction
 * (it holds the session's lock and a connection already: another would wait on the pool).
 */
async function refusal(
  tx: Tx,
  session: SessionRow,
  verdict: string | undefined,
  /** For a limit: the number that applied (the club's, or the member's plan's). */
  limit: number | null,
) {
  switch (verdict) {
    case "not_allowed":
      return new AppError("GUESTS_NOT_ALLOWED", "This club does not take members' guests.");
    case "limit": {
      const { perMonth } = (await accessRules(tx, session.organizationId)).guests;
      const month = dateTimeFormat({ month: "long" }, await clubTimeZone(tx, session.organizationId)).format(
        session.startsAt,
      );
      const theirs = limit !== null && limit !== perMonth;
      if (limit === 0)
        return new AppError("GUEST_LIMIT", "Your membership plan does not include bringing guests.");
      return new AppError(
        "GUEST_LIMIT",
        `You have brought ${plural(limit ?? perMonth, "guest")} to ${month}'s sessions, ${theirs ? "your plan's" : "the club's"} limit for a month: give a place back, or bring them another month.`,
      );
    }
    case "lottery_open":
    case "draw_due":
      return new AppError(
        "DRAW_PENDING",
        "Guests are brought after the draw: until then the places are members' to draw.",
      );
    case "not_open": {
      const at = openingTime(session.registrationOpensAt!, await clubTimeZone(tx, session.organizationId));
      return new AppError("REGISTRATION_NOT_OPEN", `Guests can be brought once registration opens, ${at}.`);
    }
    case "members_only":
      return new AppError("MEMBERS_ONLY", duesMessages.noGuestsMembersOnly);
    case "closed":
      return sessionClosed();
    default:
      return notFound("Session not found");
  }
}
