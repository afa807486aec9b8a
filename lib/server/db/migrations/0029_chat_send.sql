-- A chat send in one statement (lib/server/chat/send-message.ts): the checks, the conversation, the
-- spend, the message, both sides' summaries, the members' events and the push job in one call, so a
-- send costs one round trip to the database instead of about twenty. Refusals raise
-- `chat_send:<reason>[:<detail>]`, which the caller maps to the API's errors.

-- An instant as JavaScript's toISOString() writes it (what the API answers for every time).
CREATE FUNCTION "chat_iso"("t" timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char("t" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint

-- Full years of a member born on `dob` at `now` (UTC), as ageOn() in lib/server/members/member-filters.ts.
CREATE FUNCTION "chat_age"("dob" date, "now" timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (extract(year FROM "now" AT TIME ZONE 'UTC') - extract(year FROM "dob"))::integer
    - CASE WHEN (extract(month FROM "now" AT TIME ZONE 'UTC'), extract(day FROM "now" AT TIME ZONE 'UTC'))
                < (extract(month FROM "dob"), extract(day FROM "dob")) THEN 1 ELSE 0 END
$$;
--> statement-breakpoint

-- A message as one of its two members sees it, as toChatMessage() in lib/server/chat/chat-view.ts.
CREATE FUNCTION "chat_message_json"("m" chat_messages, "viewer" integer, "gift_image" text)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', "m".id,
    'conversation', "m".conversation_id,
    'from_viewer', "m".sender_id = "viewer",
    'kind', "m".kind,
    'text', CASE WHEN "m".kind = 'text' THEN "m".text END,
    'gift', CASE WHEN "m".kind = 'gift' AND "m".gift_id IS NOT NULL
      THEN jsonb_build_object('id', "m".gift_id, 'image', coalesce("gift_image", '')) END,
    'gif', CASE WHEN "m".kind = 'gif' AND "m".gif IS NOT NULL
      THEN jsonb_build_object('url', "m".gif->'url', 'preview', "m".gif->'preview', 'width', "m".gif->'width',
        'height', "m".gif->'height', 'title', "m".gif->'title') END,
    'photo', CASE WHEN "m".kind = 'photo' AND coalesce("m".photo_key, '') <> ''
      THEN jsonb_build_object('url', '/api/chat-photo.php?id=' || "m".id, 'width', coalesce("m".photo_width, 0),
        'height', coalesce("m".photo_height, 0)) END,
    'credits', CASE WHEN "m".sender_id = "viewer" THEN "m".credits ELSE 0 END,
    'sent_at', chat_iso("m".created_at))
$$;
--> statement-breakpoint

-- One conversation of the viewer as the chat list shows it (null when their list has none), as
-- summaryRows() and toChatSummary() in lib/server/chat/chat-view.ts.
CREATE FUNCTION "chat_summary_json"(
  "viewer" integer, "conversation" integer, "now" timestamptz, "history_start" timestamptz,
  "cdn_prefix" text, "online_minutes" integer
) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'conversation', jsonb_build_object('id', side.conversation_id),
    'profile', jsonb_build_object(
      'id', u.id,
      'name', coalesce(p.name, ''),
      'age', CASE WHEN p.date_of_birth IS NULL THEN 0 ELSE chat_age(p.date_of_birth, "now") END,
      'city', CASE WHEN a.unavailable THEN NULL ELSE p.city END,
      'fictional', coalesce(p.fictional, false),
      'verified', NOT a.unavailable AND coalesce(p.verified, false),
      'online', NOT a.unavailable AND p.last_active_at IS NOT NULL
        AND "now" - p.last_active_at < make_interval(mins => "online_minutes"),
      'thumb', CASE WHEN NOT a.unavailable AND coalesce(ph.thumb_filename, '') <> ''
        THEN "cdn_prefix" || ph.thumb_filename END,
      'unavailable', a.unavailable,
      'awaiting_confirmation', u.status = 'not_confirmed'),
    'num_unread_messages', CASE WHEN side.unread_count = 0 THEN 0 ELSE least(side.unread_count, (
      SELECT count(*)::int FROM chat_messages un
      WHERE un.conversation_id = side.conversation_id AND un.recipient_id = "viewer"
        AND un.id > coalesce(side.read_up_to, 0) AND un.created_at > "history_start"
        AND (side.cleared_at IS NULL OR un.created_at > side.cleared_at))) END,
    'last_message', jsonb_build_object(
      'kind', m.kind,
      'preview', CASE WHEN m.kind = 'text' THEN left(m.text, 120) END,
      'from_viewer', m.sender_id = "viewer",
      'seen', m.sender_id = "viewer" AND ps.read_up_to IS NOT NULL AND ps.read_up_to >= m.id,
      'sent_at', chat_iso(m.created_at)))
  FROM conversation_members side
  JOIN chat_messages m ON m.id = side.last_message_id
  JOIN users u ON u.id = side.other_id
  LEFT JOIN profiles p ON p.user_id = side.other_id
  LEFT JOIN LATERAL (
    SELECT ph.thumb_filename FROM photos ph
    WHERE ph.user_id = p.user_id AND ph.is_main AND ph.status = 'active' LIMIT 1
  ) ph ON true
  LEFT JOIN conversation_members ps ON ps.conversation_id = side.conversation_id AND ps.member_id = side.other_id
  CROSS JOIN LATERAL (
    SELECT NOT coalesce(u.deleted_at IS NULL AND p.status = 'active' AND p.invisible = false, false)
      OR EXISTS (SELECT 1 FROM blocks b
        WHERE (b.blocker_id = "viewer" AND b.blocked_id = side.other_id)
           OR (b.blocker_id = side.other_id AND b.blocked_id = "viewer")) AS unavailable
  ) a
  WHERE side.member_id = "viewer" AND side.conversation_id = "conversation"
    AND side.last_message_id IS NOT NULL AND side.last_message_at > "history_start"
$$;
--> statement-breakpoint

-- The send. Answers {created, message (the row), conversation, credits, events: [{id, member_id,
-- payload}]}; `created` is false when the sender's key was used before (the first message, nothing
-- spent, no events).
CREATE FUNCTION "chat_send"(
  "p_sender" integer,
  "p_recipient" integer,
  "p_client_key" text,
  "p_kind" chat_message_kind,
  "p_text" text,
  "p_gift_id" text,
  "p_gif" jsonb,
  "p_photo_key" text,
  "p_photo_width" integer,
  "p_photo_height" integer,
  "p_price" integer,
  "p_reason" credit_reason,
  "p_operator" boolean,
  "p_free_limit" integer,
  "p_now" timestamptz,
  "p_history_start" timestamptz,
  "p_cdn_prefix" text,
  "p_online_minutes" integer,
  "p_gift_image" text,
  "p_push_job" text,
  "p_push_max_attempts" integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_low integer := least(p_sender, p_recipient);
  v_high integer := greatest(p_sender, p_recipient);
  v_earlier chat_messages;
  v_message chat_messages;
  v_partner record;
  v_sender record;
  v_conversation integer;
  v_new boolean := false;
  v_started integer;
  v_balance integer;
  v_credits integer;
  v_reference text := 'chat:' || p_sender || ':' || p_client_key;
  v_ledger_user integer;
  v_ledger_id integer;
  v_events jsonb := '[]'::jsonb;
  v_event_id bigint;
  v_payload jsonb;
  v_summary jsonb;
  v_member integer;
BEGIN
  -- The pair's lock (lockPair in lib/server/members/pair-lock.ts): likes, blocks and sends of two
  -- members are serialised, so a send cannot slip in beside a block.
  PERFORM pg_advisory_xact_lock(hashtextextended('pair:' || v_low || ':' || v_high, 0));

  SELECT * INTO v_earlier FROM chat_messages WHERE sender_id = p_sender AND client_key = p_client_key;
  IF FOUND THEN
    RETURN jsonb_build_object(
      'created', false,
      'message', to_jsonb(v_earlier),
      'conversation', v_earlier.conversation_id,
      'credits', coalesce((SELECT balance FROM credit_balances WHERE user_id = p_sender), 0),
      'events', '[]'::jsonb);
  END IF;

  SELECT u.id, u.deleted_at, p.status::text AS profile_status, p.invisible,
    EXISTS (SELECT 1 FROM blocks b
      WHERE (b.blocker_id = p_sender AND b.blocked_id = u.id)
         OR (b.blocker_id = u.id AND b.blocked_id = p_sender)) AS blocked
  INTO v_partner
  FROM users u LEFT JOIN profiles p ON p.user_id = u.id
  WHERE u.id = p_recipient;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'chat_send:member_missing';
  END IF;
  IF NOT coalesce(v_partner.deleted_at IS NULL AND v_partner.profile_status = 'active'
      AND v_partner.invisible = false, false) OR v_partner.blocked THEN
    RAISE EXCEPTION 'chat_send:member_unavailable';
  END IF;

  -- The sender's row serialises their conversation starts (the free members' limit). NO KEY UPDATE
  -- leaves rows that merely reference the member (messages to them) free to be written.
  SELECT u.status::text AS status, u.paid_user INTO v_sender FROM users u WHERE u.id = p_sender FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'chat_send:sender_missing';
  END IF;
  IF v_sender.status <> 'confirmed' THEN
    RAISE EXCEPTION 'chat_send:email_not_confirmed';
  END IF;

  SELECT c.id INTO v_conversation FROM conversations c WHERE c.member_low = v_low AND c.member_high = v_high;
  IF NOT FOUND THEN
    -- Free members start a few conversations; replies and further messages are never limited.
    IF NOT v_sender.paid_user THEN
      SELECT count(*)::integer INTO v_started FROM conversations c WHERE c.started_by = p_sender;
      IF v_started >= p_free_limit THEN
        RAISE EXCEPTION 'chat_send:conversation_limit:%', v_started;
      END IF;
    END IF;
    INSERT INTO conversations (member_low, member_high, started_by)
      VALUES (v_low, v_high, p_sender) RETURNING id INTO v_conversation;
    INSERT INTO conversation_members (conversation_id, member_id, other_id)
      VALUES (v_conversation, p_sender, p_recipient), (v_conversation, p_recipient, p_sender);
    v_new := true;
  END IF;

  -- The price, as postCreditEntry() books it: under the lock of the sender's balance row, spent only
  -- where the balance covers it; the same reference twice books once.
  IF p_price > 0 THEN
    INSERT INTO credit_balances (user_id, balance) VALUES (p_sender, 0) ON CONFLICT DO NOTHING;
    SELECT cb.balance INTO v_balance FROM credit_balances cb WHERE cb.user_id = p_sender FOR UPDATE;
    SELECT l.user_id INTO v_ledger_user FROM credit_ledger l WHERE l.reference = v_reference;
    IF FOUND THEN
      IF v_ledger_user <> p_sender THEN
        RAISE EXCEPTION 'Credit reference % already belongs to user %', v_reference, v_ledger_user;
      END IF;
      v_credits := v_balance;
    ELSE
      IF v_balance - p_price < 0 THEN
        RAISE EXCEPTION 'chat_send:insufficient_credits:%', v_balance;
      END IF;
      INSERT INTO credit_ledger (user_id, delta, reason, reference, created_at)
        VALUES (p_sender, -p_price, p_reason, v_reference, p_now)
        ON CONFLICT (reference) DO NOTHING RETURNING id INTO v_ledger_id;
      IF v_ledger_id IS NULL THEN
        v_credits := v_balance;
      ELSE
        UPDATE credit_balances SET balance = balance - p_price, updated_at = p_now
          WHERE user_id = p_sender RETURNING balance INTO v_credits;
        -- The member's open tabs show the new balance.
        v_payload := jsonb_build_object('type', 'credits-changed', 'credits', v_credits);
        INSERT INTO member_events (member_id, type, payload)
          VALUES (p_sender, 'credits-changed', v_payload) RETURNING id INTO v_event_id;
        v_events := v_events || jsonb_build_array(
          jsonb_build_object('id', v_event_id, 'member_id', p_sender, 'payload', v_payload));
      END IF;
    END IF;
  ELSE
    v_credits := coalesce((SELECT cb.balance FROM credit_balances cb WHERE cb.user_id = p_sender), 0);
  END IF;

  INSERT INTO chat_messages (conversation_id, sender_id, recipient_id, kind, text, gift_id, gif,
      photo_key, photo_width, photo_height, credits, client_key, created_at)
    VALUES (v_conversation, p_sender, p_recipient, p_kind, p_text, p_gift_id, p_gif,
      p_photo_key, p_photo_width, p_photo_height, p_price, p_client_key, p_now)
    RETURNING * INTO v_message;

  -- Both sides show the message (a side the member had removed shows again, with newer messages
  -- only); the recipient has one more unread.
  UPDATE conversation_members
    SET last_message_id = v_message.id, last_message_at = p_now,
      unread_count = unread_count + CASE WHEN member_id = p_recipient THEN 1 ELSE 0 END
    WHERE conversation_id = v_conversation;

  -- A chat operator answering as a fictional profile: the profile's side is read up to the answer,
  -- the member sees their messages read, and the conversation is let go.
  IF p_operator THEN
    UPDATE conversation_members
      SET unread_count = 0, read_up_to = greatest(coalesce(read_up_to, 0), v_message.id)
      WHERE conversation_id = v_conversation AND member_id = p_sender;
    v_payload := jsonb_build_object('type', 'read', 'conversation', v_conversation, 'seen_up_to', v_message.id);
    INSERT INTO member_events (member_id, type, payload)
      VALUES (p_recipient, 'read', v_payload) RETURNING id INTO v_event_id;
    v_events := v_events || jsonb_build_array(
      jsonb_build_object('id', v_event_id, 'member_id', p_recipient, 'payload', v_payload));
    DELETE FROM fictional_chat_claims WHERE conversation_id = v_conversation;
  END IF;

  FOREACH v_member IN ARRAY ARRAY[p_recipient, p_sender] LOOP
    v_summary := chat_summary_json(v_member, v_conversation, p_now, p_history_start, p_cdn_prefix, p_online_minutes);
    IF v_summary IS NOT NULL THEN
      v_payload := jsonb_build_object(
        'type', 'message',
        'message', chat_message_json(v_message, v_member, p_gift_image),
        'chat', v_summary);
      INSERT INTO member_events (member_id, type, payload)
        VALUES (v_member, 'message', v_payload) RETURNING id INTO v_event_id;
      v_events := v_events || jsonb_build_array(
        jsonb_build_object('id', v_event_id, 'member_id', v_member, 'payload', v_payload));
    END IF;
  END LOOP;

  -- The recipient hears of it while away (push): queued only for a member with a push subscription.
  IF EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p_recipient) THEN
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
      VALUES (p_push_job, jsonb_build_object(
        'kind', 'message',
        'recipientId', p_recipient,
        'actorId', p_sender,
        'conversationId', v_conversation,
        'messageId', v_message.id,
        'isNewConversation', v_new), now(), p_push_max_attempts);
  END IF;

  RETURN jsonb_build_object(
    'created', true,
    'message', to_jsonb(v_message),
    'conversation', v_conversation,
    'credits', v_credits,
    'events', v_events);
END
$$;
