CREATE TABLE "dues_checkouts" (
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dues_checkouts" ADD CONSTRAINT "dues_checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues_checkouts" ADD CONSTRAINT "dues_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_checkouts_org_user_key" ON "dues_checkouts" USING btree ("organization_id","user_id");