-- A like and taking one back are one statement each: the pair lock, the checks, the like, match
-- detection, the events for open tabs and the push job run inside the database, one round trip
-- instead of eight. lib/server/likes/like-member.ts calls them, explains the rules and publishes the
-- events once the statement has committed.
--
-- like_member answers `outcome`: 'ok', or why the member may not be liked ('missing', 'hidden',
-- 'blocked', nothing written then); `matched`: the pair is a match; `is_new`: this like was stored
-- now; `liked_event` / `liker_event`: the ids of the events stored for each side's open tabs.
CREATE FUNCTION "like_member"(p_liker integer, p_liked integer, p_source "like_source", p_now timestamptz)
  RETURNS TABLE (outcome text, matched boolean, is_new boolean, liked_event bigint, liker_event bigint)
  LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_status text;
  v_invisible boolean;
  v_inserted boolean;
  v_reverse_found boolean;
  v_reverse_matched timestamptz;
  v_liked_event bigint;
  v_liker_event bigint;
BEGIN
  -- Everything that changes how two members stand to each other takes this lock (pair-lock.ts): of
  -- two likes at the same moment the second waits, then sees the first (each statement below reads
  -- a fresh snapshot) and makes the match.
  PERFORM pg_advisory_xact_lock(hashtextextended(
    'pair:' || least(p_liker, p_liked)::text || ':' || greatest(p_liker, p_liked)::text, 0));
  IF p_liker <> p_liked THEN
    SELECT p.status::text, p.invisible INTO v_status, v_invisible FROM profiles p WHERE p.user_id = p_liked;
    IF NOT FOUND THEN
      RETURN QUERY SELECT 'missing'::text, false, false, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    IF v_status <> 'active' OR v_invisible THEN
      RETURN QUERY SELECT 'hidden'::text, false, false, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = p_liker AND b.blocked_id = p_liked)
        OR (b.blocker_id = p_liked AND b.blocked_id = p_liker)) THEN
      RETURN QUERY SELECT 'blocked'::text, false, false, NULL::bigint, NULL::bigint;
      RETURN;
    END IF;
  END IF;

  INSERT INTO likes (liker_id, liked_id, source, created_at) VALUES (p_liker, p_liked, p_source, p_now)
    ON CONFLICT DO NOTHING;
  v_inserted := FOUND;
  IF v_inserted THEN
    -- The liked member's open tabs hear of the like once it commits.
    INSERT INTO member_events (member_id, type, payload)
      VALUES (p_liked, 'likes-changed', '{"type":"likes-changed"}'::jsonb) RETURNING id INTO v_liked_event;
  END IF;

  SELECT l.matched_at INTO v_reverse_matched FROM likes l WHERE l.liker_id = p_liked AND l.liked_id = p_liker;
  v_reverse_found := FOUND;
  IF NOT v_inserted THEN
    RETURN QUERY SELECT 'ok'::text, v_reverse_matched IS NOT NULL, false, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  IF v_reverse_found THEN
    UPDATE likes SET matched_at = p_now
      WHERE (liker_id = p_liker AND liked_id = p_liked) OR (liker_id = p_liked AND liked_id = p_liker);
    -- A match shows in the liker's other tabs too.
    INSERT INTO member_events (member_id, type, payload)
      VALUES (p_liker, 'likes-changed', '{"type":"likes-changed"}'::jsonb) RETURNING id INTO v_liker_event;
  END IF;
  -- The liked member hears of the like, or of the match, while away: a push job, queued only for a
  -- member with a push subscription (queue-member-notification.ts).
  IF EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p_liked) THEN
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
      VALUES ('notify.push', jsonb_build_object(
        'kind', CASE WHEN v_reverse_found THEN 'match' ELSE 'like' END,
        'recipientId', p_liked, 'actorId', p_liker), now(), 10);
  END IF;
  RETURN QUERY SELECT 'ok'::text, v_reverse_found, true, v_liked_event, v_liker_event;
END;
$$;--> statement-breakpoint
-- unlike_member takes a like back: a match with that member ends, their like stays. Answers whether
-- there was a like to take back, and the ids of the events stored for each side's open tabs.
CREATE FUNCTION "unlike_member"(p_liker integer, p_liked integer)
  RETURNS TABLE (taken boolean, liked_event bigint, liker_event bigint) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_matched timestamptz;
  v_liked_event bigint;
  v_liker_event bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(
    'pair:' || least(p_liker, p_liked)::text || ':' || greatest(p_liker, p_liked)::text, 0));
  DELETE FROM likes WHERE liker_id = p_liker AND liked_id = p_liked RETURNING matched_at INTO v_matched;
  IF NOT FOUND THEN
    RETURN QUERY SELECT false, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  -- The member no longer sees the like; a match that ended goes from the viewer's other tabs too.
  INSERT INTO member_events (member_id, type, payload)
    VALUES (p_liked, 'likes-changed', '{"type":"likes-changed"}'::jsonb) RETURNING id INTO v_liked_event;
  IF v_matched IS NOT NULL THEN
    UPDATE likes SET matched_at = NULL WHERE liker_id = p_liked AND liked_id = p_liker;
    INSERT INTO member_events (member_id, type, payload)
      VALUES (p_liker, 'likes-changed', '{"type":"likes-changed"}'::jsonb) RETURNING id INTO v_liker_event;
  END IF;
  RETURN QUERY SELECT true, v_liked_event, v_liker_event;
END;
$$;
