DROP INDEX "stored_items_list_idx";--> statement-breakpoint
CREATE INDEX "stored_items_list_idx" ON "stored_items" USING btree ("property_name","check_in_date_local","check_in_at_utc");