-- A conversation's tokens (the cost query, decision 046) read by chat, and a deleted chat's usage set
-- to null without scanning the company's whole usage (decision 050).
CREATE INDEX "token_usage_chat_idx" ON "token_usage" USING btree ("chat_id");