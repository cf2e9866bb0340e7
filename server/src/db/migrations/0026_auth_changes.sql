-- The embedded database says when a verified session may have changed (issue 23):
-- src/domains/auth/token-cache.ts remembers each token's owner on PGlite and forgets them all
-- on `fandeck_auth`. A token revoked or removed, an owner's role or status changed or the
-- owner removed, a permission granted or taken: each statement that may do one notifies,
-- on a session that set `fandeck.auth_watch` (only the cache's). Elsewhere (PostgreSQL,
-- where nothing is cached) the trigger reads the setting and returns.
create or replace function fandeck_auth_changed() returns trigger
language plpgsql as $$
begin
  if current_setting('fandeck.auth_watch', true) = 'on' then
    perform pg_notify('fandeck_auth', tg_table_name);
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger auth_tokens_auth_changed after update or delete or truncate on auth_tokens
  for each statement execute function fandeck_auth_changed();
--> statement-breakpoint
create trigger users_auth_changed after update of id, role, status or delete or truncate on users
  for each statement execute function fandeck_auth_changed();
--> statement-breakpoint
create trigger user_permissions_auth_changed after insert or update or delete or truncate on user_permissions
  for each statement execute function fandeck_auth_changed();
