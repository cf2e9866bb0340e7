-- A wallet charge in one round trip and one commit (issue 23): src/domains/wallet/one-call-charge.ts
-- calls it as one statement. It claims the Idempotency-Key, spends the quote, finds the creator,
-- runs the checks, splits the price, writes the charge, the creator's notification and, when
-- someone must still be told, its delivery job, stores the answer, and posts the ledger
-- movement (ledger_post) last. Anything it does not answer itself (a key already claimed, a refusal of
-- any kind, a stored setting it cannot read) raises `money_charge: fallback` before it
-- commits: the whole statement rolls back and the caller runs the usual multi-query path,
-- which decides and words the answer as it always did.

-- Ids as newId() makes them (src/db/schema/ids.ts): 8 hex of seconds, 16 random hex. For the
-- rare rows money_charge makes beyond its own (a first ledger account); the caller passes the
-- ids of its own rows in `ids`, as a call of this costs about 0.2 ms on the embedded database.
create or replace function fandeck_new_id() returns text
language sql volatile as $$
  select lpad(to_hex(floor(extract(epoch from clock_timestamp()))::bigint), 8, '0') || substr(md5(gen_random_uuid()::text), 1, 16)
$$;
--> statement-breakpoint
create or replace function money_charge_fallback(reason text) returns void
language plpgsql as $$
begin
  raise exception 'money_charge: fallback (%)', reason using errcode = 'P0001';
end;
$$;
--> statement-breakpoint
create or replace function money_charge(p jsonb) returns jsonb
language plpgsql as $$
declare
  buyer_id text := p->>'userId';
  idem_key text := p->>'key';
  price bigint := (p->>'priceCents')::bigint;
  claim_id text;
  spent text;
  creator_id text;
  creator_referrer text;
  fan_referrer text;
  fan_name text;
  verified boolean;
  blocked boolean;
  stored jsonb;
  setting record;
  val numeric;
  vals jsonb := '{}'::jsonb;
  earnings bigint;
  platform bigint;
  wanted bigint;
  paid bigint;
  referrals jsonb := '{}'::jsonb;
  referral_total bigint := 0;
  lines jsonb;
  posted record;
  -- Made by the caller: the key's claim, the charge, the movement, the notification, the job, then the entries.
  charge_id text := p->'ids'->>1;
  movement_id text := p->'ids'->>2;
  charge wallet_charges%rowtype;
  dto jsonb;
  answer jsonb;
  note notifications%rowtype;
  job_id text;
begin
  -- The claim comes first: a concurrent request with the same key waits here on the unique
  -- index until this one commits, then finds the key taken and replays through the caller.
  if idem_key is not null then
    insert into idempotency_keys (id, user_id, key, request_hash, owner)
    values (p->'ids'->>0, buyer_id, idem_key, p->>'requestHash', p->>'owner')
    on conflict (user_id, key) do nothing
    returning id into claim_id;
    if claim_id is null then perform money_charge_fallback('key taken'); end if;
  end if;

  if p->>'quoteId' is not null then
    insert into used_quotes (quote_id, user_id, idempotency_key, expires_at)
    values (p->>'quoteId', buyer_id, p->>'quoteSpender', (p->>'quoteExpiresAt')::timestamptz)
    on conflict (quote_id) do nothing
    returning quote_id into spent;
    if spent is null and (select q.idempotency_key from used_quotes q where q.quote_id = p->>'quoteId') is distinct from p->>'quoteSpender' then
      perform money_charge_fallback('quote used');
    end if;
  end if;

  -- The creator (by id or by username: two statements, so each uses its index), then in one
  -- query the checks of chargeTerms and the handler, the referrers, the fan's name and the
  -- stored settings.
  if (p->>'byId')::boolean then
    select u.id into creator_id from users u where u.id = p->>'item' and u.role = 'performer' and u.status = 'active';
  else
    select u.id into creator_id from users u where lower(u.username) = lower(p->>'item') and u.role = 'performer' and u.status = 'active';
  end if;
  if creator_id is null then perform money_charge_fallback('no creator'); end if;
  if creator_id = buyer_id then perform money_charge_fallback('self'); end if;
  select cr.id, coalesce(pf.verified_document, false),
    p->>'userRole' <> 'admin' and exists (select 1 from user_blocks b where b.performer_id = creator_id and b.user_id = buyer_id),
    coalesce(nullif(f.name, ''), f.username, ''), nullif(fr.id, buyer_id),
    (select jsonb_object_agg(s.key, s.value) from settings s where s.key in (select jsonb_object_keys(p->'settings')))
  into creator_referrer, verified, blocked, fan_name, fan_referrer, stored
  from users f
  left join users fr on fr.id = f.referred_by
  join users c on c.id = creator_id
  left join users cr on cr.id = c.referred_by
  left join performers pf on pf.user_id = c.id
  where f.id = buyer_id;
  if blocked is distinct from false then perform money_charge_fallback('blocked'); end if;
  if verified is not true then perform money_charge_fallback('not verified'); end if;

  -- Settings: the stored value when it is what the catalogue accepts, else its default. A
  -- stored value this function cannot judge sends the request down the usual path.
  for setting in select e.key, e.value from jsonb_each(p->'settings') e loop
    if stored is null or not stored ? setting.key or jsonb_typeof(stored->setting.key) = 'null' then
      vals := vals || jsonb_build_object(setting.key, setting.value->'default');
    elsif jsonb_typeof(stored->setting.key) <> 'number' then
      perform money_charge_fallback('setting ' || setting.key);
    else
      val := (stored->>setting.key)::numeric;
      if val < (setting.value->>'min')::numeric or val > (setting.value->>'max')::numeric
        or (setting.value->>'step' is not null and val / (setting.value->>'step')::numeric <> round(val / (setting.value->>'step')::numeric)) then
        perform money_charge_fallback('setting ' || setting.key);
      end if;
      vals := vals || jsonb_build_object(setting.key, stored->setting.key);
    end if;
  end loop;
  if p->>'minSetting' is not null and (price < round((vals->>(p->>'minSetting'))::numeric * 100) or price > round((vals->>(p->>'maxSetting'))::numeric * 100)) then
    perform money_charge_fallback('out of range');
  end if;
  if p->>'quotedPriceCents' is not null and (p->>'quotedPriceCents')::bigint <> price then
    perform money_charge_fallback('price changed');
  end if;

  -- The split of commission-split.ts: parts per million, integer division, referrers out of the platform's share.
  if price is null or price <= 0 then perform money_charge_fallback('no price'); end if;
  -- In numeric, as splitPrice does in BigInt: a price times a million can pass bigint.
  earnings := div(price::numeric * (1000000 - round((vals->>'performerCommission')::numeric * 1000000)), 1000000)::bigint;
  platform := price - earnings;
  if creator_referrer is not null then
    wanted := div(price::numeric * round((vals->>'performerReferralCommission')::numeric * 1000000), 1000000)::bigint;
    paid := least(wanted, platform);
    if paid > 0 then
      platform := platform - paid;
      referrals := jsonb_build_object(creator_referrer, paid);
      referral_total := referral_total + paid;
    end if;
  end if;
  if fan_referrer is not null then
    wanted := div(price::numeric * round((vals->>'userReferralCommission')::numeric * 1000000), 1000000)::bigint;
    paid := least(wanted, platform);
    if paid > 0 then
      platform := platform - paid;
      referrals := referrals || jsonb_build_object(fan_referrer, coalesce((referrals->>fan_referrer)::bigint, 0) + paid);
      referral_total := referral_total + paid;
    end if;
  end if;

  insert into wallet_charges (id, target, target_id, status, user_id, performer_id, price_cents, earnings_cents, platform_cents, referral_cents, message, conversation_id, idempotency_key)
  values (charge_id, p->>'target', creator_id, 'success', buyer_id, creator_id, price, earnings, platform, referral_total, p->>'message', p->>'conversationId', idem_key)
  returning * into charge;

  -- The charge as presentCharge shows it to the buyer, in the envelope; the stored answer.
  dto := jsonb_build_object(
    '_id', charge.id, 'target', charge.target, 'targetId', charge.target_id, 'status', charge.status,
    'sourceId', charge.user_id, 'performerId', charge.performer_id,
    'price', round(charge.price_cents / 100.0, 2), 'type', charge.target, 'totalPrice', round(charge.price_cents / 100.0, 2),
    'products', case when charge.target = 'product' then jsonb_build_array(jsonb_build_object('_id', charge.target_id)) else '[]'::jsonb end,
    'message', charge.message, 'conversationId', charge.conversation_id,
    'createdAt', to_char(charge.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(charge.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
  answer := jsonb_build_object('status', 0, 'data', dto);

  -- What follows the answer, in this commit: the creator's notification (what notify stores),
  -- and its delivery job when a browser is to be pushed or an automatic message answers it.
  if p->>'notifyType' is not null then
    insert into notifications (id, user_id, type, data, created_at, updated_at)
    values (p->'ids'->>3, creator_id, p->>'notifyType',
      jsonb_build_object('actorId', buyer_id, 'amount', round(price / 100.0, 2), 'chargeId', charge.id,
        'conversationId', charge.conversation_id, 'message', charge.message, 'actorName', fan_name),
      (p->>'now')::timestamptz, (p->>'now')::timestamptz)
    returning * into note;
    insert into jobs (id, queue, payload, run_at, max_attempts)
    select p->'ids'->>4, p->>'deliveryQueue', jsonb_build_object('notificationId', note.id), (p->>'now')::timestamptz, 5
    where exists (select 1 from push_subscriptions ps where ps.user_id = creator_id)
      or exists (select 1 from auto_messages am where am.performer_id = creator_id and am.trigger = p->>'autoTrigger' and am.enabled)
    returning id into job_id;
  end if;

  if claim_id is not null then
    update idempotency_keys set state = 'completed', response_status = 200, response_body = answer::text, updated_at = now() where id = claim_id;
  end if;

  -- The ledger last, so the hot rows it locks (the fan's wallet, the creator's and the platform's
  -- shards) are held for the least time before the commit. The movement's lines as postMovement
  -- builds them: non-zero, in key order, credits to shards. A short balance rolls it all back.
  select jsonb_agg(jsonb_build_object('key', l.key, 'amount', l.amount, 'sharded', l.key <> 'wallet:' || buyer_id, 'entry_id', p->'ids'->>(4 + l.n::int)) order by l.key collate "C")
  into lines
  from (
    select x.key, x.amount, row_number() over (order by x.key collate "C") as n
    from (
      select 'wallet:' || buyer_id as key, -price as amount
      union all select 'earnings:' || creator_id, earnings
      union all select 'platform', platform
      union all select 'referral:' || r.key, r.value::bigint from jsonb_each_text(referrals) r
    ) x where x.amount <> 0
  ) l;
  select * into posted from ledger_post(lines, movement_id, 'charge', 'wallet_charge', charge_id, (p->>'shard')::smallint);
  if not posted.complete then
    insert into ledger_accounts (id, key, kind, owner_id, allow_negative)
    select fandeck_new_id(), l->>'key', split_part(l->>'key', ':', 1), nullif(split_part(l->>'key', ':', 2), ''), l->>'key' = 'platform'
    from jsonb_array_elements(lines) l
    on conflict do nothing;
    select * into posted from ledger_post(lines, movement_id, 'charge', 'wallet_charge', charge_id, (p->>'shard')::smallint);
  end if;
  if not posted.complete or not posted.applied then perform money_charge_fallback('not applied'); end if;

  return jsonb_build_object(
    'answer', answer,
    'chargeId', charge.id,
    'performerId', creator_id,
    'earningsCents', earnings,
    -- Each posted account's balance right after the post ([{ key, cents }]); an earnings
    -- account the split did not post to (a 100 % commission) is read, as postSplit does.
    'balances', posted.balances,
    'earningsBalanceCents', case when earnings > 0 then null else coalesce(
      (select a.balance_cents + coalesce((select sum(s.balance_cents) from ledger_account_shards s where s.account_id = a.id), 0)
       from ledger_accounts a where a.key = 'earnings:' || creator_id), 0) end,
    'notification', case when note.id is null then null else jsonb_build_object('id', note.id, 'userId', note.user_id, 'type', note.type, 'data', note.data,
      'createdAt', to_char(note.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) end,
    'jobId', job_id);
end;
$$;
