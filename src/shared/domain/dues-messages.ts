// What membership plans and dues say to people (decision 039): the plan form's checks and the
// refusals of dues and of members-only sessions. Apart from messages.ts, which every page
// loads: only the pages and routes of memberships, and registration's refusals, read these.
export const duesMessages = {
  planNameRequired: "A plan needs a name",
  planNameTooLong: "A plan's name is at most 60 characters",
  planCode: "A code is 1 to 6 letters or digits",
  planPrice: "A plan costs at least $0.50 (the least a card processor charges), in dollars and cents",
  householdSize: "A household plan covers 2 to 10 people",
  seasonDates: "A season needs its first and last day, the last after the first",
  percentOff: "A percent off is a whole number from 1 to 100",
  amountOff: "An amount off is more than $0 and less than $10,000",
  graceDays: "Grace is a whole number of days from 0 to 60",
  earlyDays: "Days ahead is a whole number from 0 to 14",
  guestsPerMonth: "Guests a month is a whole number from 0 to 20, or empty for the club's own number",
  membersOnly: "This session is for members on one of the club's membership plans.",
  noGuestsMembersOnly: "A members-only session is for members themselves: guests are not brought to it.",
  seasonOver: "This season has ended: the club will offer the next one.",
  alreadyOnPlan: "You're already a member on this plan.",
  noMembership: "You have no membership to change.",
  lapsedNothingToFail:
    "Your membership has lapsed: there is no renewal to fail. Renewal Paid brings it back.",
  childName: "A child's name is 2 to 80 characters",
  birthYear: "A child's birth year is in the last 18 years",
  childWithEmail: "A child has no sign-in of their own: leave the address out, or add them as an adult",
  adultEmail: "Give the address of a member of the club",
  householdFull: (limit: number) =>
    `Your plan covers ${limit} people, you among them: the household is full.`,
  notHouseholdPlan: "Only a household plan's payer adds people to it.",
  notAClubMember: "That address is not a member of the club: invite them to the club first.",
  inAnotherHousehold: "They are already in a household at this club.",
  notInYourHousehold: "That person is not in your household.",
  planRetired:
    "The club no longer offers your plan: it ends with this period. Choose another plan to stay a member.",
  subscriptionStillOpen:
    "Your membership's card payment is still open: pay it from Update Card on your Membership page, or cancel it there first.",
  seasonLinkNotOffered:
    "Only a plan offered on the club's page has a link there: make the plan visible first.",
  seasonLinkNotSeason: "Only a season is sent as a link: monthly and yearly plans renew by themselves.",
  checkoutOpening: "Your checkout is opening already: pay on the page it opens, or try again in a minute.",
  paymentBeingConfirmed: "Your last payment went through: your membership is on your Membership page now.",
  seasonStillPaid:
    "Your season is paid to its last day: join a monthly or yearly plan when it ends, so no month is paid twice.",
  switchToSeasonByCard:
    "A season is paid in one payment, not on your card's subscription: cancel this membership, and join the season when it ends.",
} as const;
