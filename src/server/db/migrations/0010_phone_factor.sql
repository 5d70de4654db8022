CREATE TABLE "auth_phone_factors" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"friendly_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_phone_factors" ADD CONSTRAINT "auth_phone_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;