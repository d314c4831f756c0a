CREATE TABLE "catalog_version" (
	"shard" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
