#!/usr/bin/env bash
# Backup and restore of a PostgreSQL deployment (DATABASE_URL), as docs/operations.md describes.
#   scripts/pg-backup.sh dump    <database url> <file.dump>   consistent snapshot, server may run
#   scripts/pg-backup.sh restore <empty database url> <file.dump>
# The uploads are not in the dump: local ones are a folder to copy, S3 ones are kept by bucket
# versioning (docs/operations.md).
set -euo pipefail

usage() {
  echo "usage: $0 dump|restore <postgres url> <file.dump>" >&2
  exit 2
}
[ $# -eq 3 ] || usage
action=$1 url=$2 file=$3

case "$action" in
  dump)
    # One transaction's snapshot: orders placed meanwhile are either wholly in it or not at all.
    pg_dump --format=custom --no-owner --file="$file" "$url"
    ;;
  restore)
    # pg_restore runs with an empty search_path, where earthdistance's ll_to_earth (in the store
    # locator's generated column) cannot find earth() and the restore stops. So the extensions are
    # created first, ll_to_earth is given a search path, and the dump's own CREATE EXTENSION
    # entries are left out.
    psql --quiet --no-psqlrc -v ON_ERROR_STOP=1 "$url" <<'SQL'
create extension if not exists cube;
create extension if not exists earthdistance;
create extension if not exists btree_gist;
create extension if not exists pg_trgm;
alter function ll_to_earth(float8, float8) set search_path = public;
SQL
    list=$(mktemp)
    trap 'rm -f "$list"' EXIT
    pg_restore --list "$file" | grep -v ' EXTENSION ' >"$list"
    pg_restore --no-owner --exit-on-error --use-list="$list" --dbname="$url" "$file"
    ;;
  *) usage ;;
esac
