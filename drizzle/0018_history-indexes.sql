DROP INDEX "stored_items_criminal_list_idx";--> statement-breakpoint
DROP INDEX "stored_items_name_key_idx";--> statement-breakpoint
DROP INDEX "stored_items_document_key_idx";--> statement-breakpoint
CREATE INDEX "stored_items_criminal_list_idx" ON "stored_items" USING btree ("check_in_date_local","property_name") WHERE "stored_items"."property_time_zone" is null;--> statement-breakpoint
CREATE INDEX "stored_items_name_key_idx" ON "stored_items" USING hash ("name_key");--> statement-breakpoint
CREATE INDEX "stored_items_document_key_idx" ON "stored_items" USING hash ("document_key");