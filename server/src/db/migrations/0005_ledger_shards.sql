CREATE TABLE "ledger_account_shards" (
	"account_id" text NOT NULL,
	"shard" smallint NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_account_shards_account_id_shard_pk" PRIMARY KEY("account_id","shard")
);
--> statement-breakpoint
ALTER TABLE "ledger_account_shards" ADD CONSTRAINT "ledger_account_shards_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One ledger movement in one statement; see src/ledger/ledger.ts (postMovement). A function, so
-- its plan is cached per connection instead of planned on every purchase.
create or replace function ledger_post(lines jsonb, movement_id text, movement_kind text, reference_type text, reference_id text, shard smallint)
returns table (complete boolean, applied boolean, balances jsonb)
language plpgsql as $$
declare
  line_count int := jsonb_array_length(lines);
  base_count int := (select count(*) from jsonb_array_elements(lines) e where not (e->>'sharded')::boolean);
begin
  return query
  with input as (
    select * from jsonb_to_recordset(lines) as i(key text, amount bigint, sharded boolean, entry_id text)
  ),
  acct as (
    select i.key, i.amount, i.sharded, i.entry_id, a.id as account_id, a.balance_cents as balance
    from input i join ledger_accounts a on a.key = i.key
  ),
  ready as (select count(*) = line_count as ok from acct),
  base as (
    update ledger_accounts a set balance_cents = a.balance_cents + x.amount, updated_at = now()
    from acct x, ready r
    where r.ok and not x.sharded and a.id = x.account_id
      and (x.amount > 0 or a.allow_negative or a.balance_cents + x.amount >= 0)
    returning a.key, a.balance_cents
  ),
  applied as (select r.ok and (select count(*) from base) = base_count as ok from ready r),
  shard_rows as (
    insert into ledger_account_shards as s (account_id, shard, balance_cents)
    select x.account_id, ledger_post.shard, x.amount from acct x, applied p where p.ok and x.sharded
    order by x.key
    on conflict on constraint ledger_account_shards_account_id_shard_pk do update set balance_cents = s.balance_cents + excluded.balance_cents
    returning s.account_id
  ),
  movement as (
    insert into ledger_movements (id, kind, reference_type, reference_id)
    select ledger_post.movement_id, movement_kind, ledger_post.reference_type, ledger_post.reference_id from applied p where p.ok
    returning ledger_movements.id
  ),
  entries as (
    insert into ledger_entries (id, movement_id, account_id, amount_cents)
    select x.entry_id, m.id, x.account_id, x.amount from acct x, movement m
    returning ledger_entries.id
  )
  select
    (select r.ok from ready r),
    (select p.ok from applied p) and (select count(*) from shard_rows) = line_count - base_count
      and (select count(*) from entries) = line_count,
    coalesce((select jsonb_agg(jsonb_build_object('key', b.key, 'cents', b.balance_cents)) from base b), '[]'::jsonb)
      || coalesce((select jsonb_agg(jsonb_build_object('key', x.key, 'cents',
           x.balance + x.amount + coalesce((select sum(s.balance_cents) from ledger_account_shards s where s.account_id = x.account_id), 0)))
         from acct x where x.sharded), '[]'::jsonb);
end;
$$;
