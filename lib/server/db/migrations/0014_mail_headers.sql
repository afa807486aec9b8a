ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("last_message_at") WHERE unread_count > 0;--> statement-breakpoint
CREATE INDEX "likes_new_idx" ON "likes" USING btree ("created_at") WHERE is_new;