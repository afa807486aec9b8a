-- Books a checkout's payment in one round trip (lib/server/payments/start-payment.ts): the payment
-- row, the once-only discount code's reservation and the member's payment account (the country
-- paid from, and the provider's customer when one was just made), in the transaction of one call.
-- Reservation rules as reserveDiscount (lib/server/discounts/reserve-discount.ts): the key (code,
-- member) is unique, so a second payment inserting it waits for the first and then finds its row; a
-- reservation left by a payment that is gone (failed, cancelled, expired, or never opened at the
-- provider within 10 minutes) is taken over; otherwise the call fails with SQLSTATE LLD01 (the code
-- is on a paid payment: discount_used) or LLD02 (on an open one: discount_reserved), and nothing of
-- it stays. Answers the new payment's id.
CREATE FUNCTION "open_checkout_payment"(
	p_user_id integer,
	p_bundle_id integer,
	p_country text,
	p_currency text,
	p_credits integer,
	p_list_amount_minor integer,
	p_amount_minor integer,
	p_discount_code_id integer,
	p_discount_percentage integer,
	p_method text,
	p_provider text,
	p_sequence text,
	p_customer_id text,
	p_now timestamp with time zone
) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	v_payment_id integer;
	v_validity discount_code_validity;
	v_holder record;
	v_taken boolean := false;
BEGIN
	INSERT INTO payments (user_id, bundle_id, country, currency, credits, list_amount_minor, amount_minor,
		discount_code_id, discount_percentage, method, provider, sequence)
	VALUES (p_user_id, p_bundle_id, p_country, p_currency, p_credits, p_list_amount_minor, p_amount_minor,
		p_discount_code_id, coalesce(p_discount_percentage, 0), p_method, p_provider::payment_provider,
		p_sequence::payment_sequence)
	RETURNING id INTO v_payment_id;

	-- Before anything else is locked, so every payment takes its locks in the same order.
	IF p_discount_code_id IS NOT NULL THEN
		SELECT validity INTO v_validity FROM discount_codes WHERE id = p_discount_code_id;
		IF v_validity = 'once_per_user' THEN
			FOR attempt IN 1..3 LOOP
				INSERT INTO discount_reservations (discount_code_id, user_id, payment_id)
				VALUES (p_discount_code_id, p_user_id, v_payment_id)
				ON CONFLICT DO NOTHING;
				IF FOUND THEN
					v_taken := true;
					EXIT;
				END IF;
				SELECT r.payment_id, p.status, p.paid_at, p.provider_payment_id, p.created_at INTO v_holder
				FROM discount_reservations r JOIN payments p ON p.id = r.payment_id
				WHERE r.discount_code_id = p_discount_code_id AND r.user_id = p_user_id
				FOR UPDATE OF r;
				-- Given back meanwhile: try again.
				CONTINUE WHEN NOT FOUND;
				IF v_holder.payment_id = v_payment_id THEN
					v_taken := true;
					EXIT;
				END IF;
				IF v_holder.paid_at IS NOT NULL OR v_holder.status = 'paid' THEN
					RAISE EXCEPTION 'discount code % of member % is on payment #%', p_discount_code_id, p_user_id,
						v_holder.payment_id USING ERRCODE = 'LLD01';
				END IF;
				IF NOT (v_holder.status IN ('failed', 'canceled', 'expired')
					OR (v_holder.provider_payment_id IS NULL AND p_now - v_holder.created_at > interval '10 minutes')) THEN
					RAISE EXCEPTION 'discount code % of member % is on payment #%', p_discount_code_id, p_user_id,
						v_holder.payment_id USING ERRCODE = 'LLD02';
				END IF;
				UPDATE discount_reservations SET payment_id = v_payment_id, created_at = p_now
				WHERE discount_code_id = p_discount_code_id AND user_id = p_user_id
					AND payment_id = v_holder.payment_id;
				IF FOUND THEN
					v_taken := true;
					EXIT;
				END IF;
			END LOOP;
			IF NOT v_taken THEN
				RAISE EXCEPTION 'discount code % of member %: reservation keeps changing', p_discount_code_id, p_user_id;
			END IF;
		END IF;
	END IF;

	INSERT INTO payment_accounts (user_id, payment_country, customer_provider, provider_customer_id, updated_at)
	VALUES (p_user_id, p_country,
		CASE WHEN p_customer_id IS NULL THEN NULL ELSE p_provider::payment_provider END, p_customer_id, p_now)
	ON CONFLICT (user_id) DO UPDATE SET
		payment_country = excluded.payment_country,
		customer_provider = CASE WHEN p_customer_id IS NULL THEN payment_accounts.customer_provider
			ELSE excluded.customer_provider END,
		provider_customer_id = coalesce(p_customer_id, payment_accounts.provider_customer_id),
		updated_at = excluded.updated_at;
	RETURN v_payment_id;
END;
$$;
