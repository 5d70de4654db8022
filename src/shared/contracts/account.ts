import { z } from "zod";
import { membership } from "./clubs.js";

export const me = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), fullName: z.string() }),
  organizations: z.array(membership),
});
export type Me = z.infer<typeof me>;
