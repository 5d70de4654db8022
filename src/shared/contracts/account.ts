import { z } from "zod";
import { messages } from "../domain/messages.js";
import { signUpForm } from "./auth.js";
import { membership } from "./clubs.js";

export const me = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    fullName: z.string(),
    avatarUrl: z.string().nullable(),
    /** Their own declared gender (organizers of their clubs see it; other members never do). */
    gender: z.enum(["woman", "man"]).nullable(),
  }),
  organizations: z.array(membership),
});
export type Me = z.infer<typeof me>;

const v = messages.validation;

/** Settings, Profile: the name clubs show, and a picture by its web address. */
export const profileBody = z.object({
  fullName: signUpForm.shape.fullName,
  avatarUrl: z
    .string()
    .trim()
    .max(2000)
    .transform((value) => (value === "" ? null : value))
    .pipe(z.url({ protocol: /^https?$/, error: v.urlInvalid }).nullable()),
  /**
   * Optional and self-declared, for mixed doubles and separate games: "" says nothing (null).
   * Left out, it stays as it was (older clients).
   */
  gender: z
    .enum(["woman", "man", ""])
    .optional()
    .transform((value) => (value === "" ? null : value)),
});
export type ProfileBody = z.input<typeof profileBody>;

/**
 * Deleting one's account. An owner may ask for the clubs they alone own to be deleted with it
 * (each as the owner's "Delete club" does); without it, owning a club refuses the deletion.
 */
export const deleteAccountBody = z.object({ deleteOwnedClubs: z.boolean().optional() }).nullish();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
