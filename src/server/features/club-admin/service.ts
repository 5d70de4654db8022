// The club's own routes (founding, profile, courts, deleting it) and closing a club, which
// reaches every feature below: sessions cancelled and refunded, members told, boards closed.
export { afterClosing, type Closed, closeClubIn, registerClubRemoval } from "./closing.js";
