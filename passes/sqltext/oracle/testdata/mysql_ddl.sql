-- MySQL DDL for the differential test of the DDL summaries: shaped after
-- mysqldump output, Rails/Laravel-style migrations and hand-written schemas.
-- Each statement is summarized by the scanner and by TiDB's parser.

CREATE TABLE `orders` (
  `id` bigint unsigned NOT NULL AUTO_INCREMENT,
  `user_id` int NOT NULL,
  `status` varchar(20) COLLATE utf8mb4_unicode_ci NOT NULL DEFAULT 'new',
  `created_at` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `orders_user_status_unique` (`user_id`,`status`),
  KEY `orders_user_id_index` (`user_id`),
  CONSTRAINT `orders_user_id_foreign` FOREIGN KEY (`user_id`) REFERENCES `users` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB AUTO_INCREMENT=42 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
CREATE TABLE IF NOT EXISTS `shop`.`users` (`id` INT PRIMARY KEY, `Email` VARCHAR(255) NOT NULL UNIQUE KEY);
CREATE TABLE keys_and_indexes (a int, b int, KEY idx_a (a), INDEX (b), KEY idx_ab (a, b) USING BTREE, INDEX idx_h USING HASH (b));
CREATE TABLE unique_variants (email varchar(255), UNIQUE (email), UNIQUE INDEX (email), UNIQUE KEY email (email), CONSTRAINT uq UNIQUE KEY uq_idx (email), CONSTRAINT uq2 UNIQUE (email));
CREATE TABLE posts (id int PRIMARY KEY, title text, body text, FULLTEXT KEY ft (title, body), FULLTEXT (body));
CREATE TABLE prefixes (title varchar(500), slug varchar(300), site_id int, KEY idx_title (title(20)), UNIQUE KEY uk (slug(100), site_id));
CREATE TABLE functional (email varchar(255), data json, UNIQUE KEY uk_lower ((lower(email))), KEY k2 ((cast(json_extract(data, '$.id') as unsigned))));
CREATE TABLE attrs (id int(10) unsigned zerofill NOT NULL AUTO_INCREMENT COMMENT 'pk', name varchar(50) CHARACTER SET latin1 COLLATE latin1_bin DEFAULT NULL, updated datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6), PRIMARY KEY (id));
CREATE TABLE col_keys (id int KEY, code char(3) UNIQUE);
CREATE TABLE gen (first varchar(50), last varchar(50), full_name varchar(101) AS (concat(first, ' ', last)) STORED, n int GENERATED ALWAYS AS (length(first) + 1) VIRTUAL NOT NULL);
CREATE TABLE checked (a int CHECK (a > 0), b int, CONSTRAINT chk_b CHECK (b < 10) NOT ENFORCED);
CREATE TEMPORARY TABLE IF NOT EXISTS tmp_ids (id int PRIMARY KEY) ENGINE=MEMORY;
CREATE TABLE copy_like LIKE orders;
CREATE TABLE IF NOT EXISTS archive.orders LIKE shop.orders;
CREATE TABLE copy_select SELECT * FROM orders WHERE id > 1;
CREATE TABLE copy_select_cols (id int PRIMARY KEY) ENGINE=InnoDB SELECT id FROM orders;
CREATE TABLE copy_select_as AS SELECT id, status FROM orders;
CREATE TABLE partitioned (id int NOT NULL, PRIMARY KEY (id)) ENGINE=InnoDB PARTITION BY HASH(id) PARTITIONS 4;
CREATE TABLE enums (kind ENUM('a','b') NOT NULL DEFAULT 'a', flags SET('x','y') DEFAULT '');
CREATE TABLE default_exprs (id binary(16) NOT NULL DEFAULT (uuid_to_bin(uuid())), n int DEFAULT (0));
CREATE TABLE pk_using (id int, PRIMARY KEY USING BTREE (id));
CREATE TABLE types (a tinyint(1), b smallint, c mediumint, d int, e bigint, f decimal(10,2), g float, h double, i real, j bit(8), k date, l datetime, m timestamp, n time, o year, p char(10), q varchar(10), r binary(4), s varbinary(4), t tinytext, u text, v mediumtext, w longtext, x tinyblob, y blob, z mediumblob, aa longblob, bb json, dd boolean, ee integer unsigned, ff numeric(5), gg double precision, hh nvarchar(10), ii national char(2));
CREATE TABLE sessions (id varchar(255) NOT NULL, user_id bigint unsigned DEFAULT NULL, ip_address varchar(45) DEFAULT NULL, payload longtext NOT NULL, last_activity int NOT NULL, PRIMARY KEY (id), KEY sessions_user_id_index (user_id), KEY sessions_last_activity_index (last_activity));
CREATE TABLE `schema_migrations` (`version` bigint NOT NULL, `dirty` tinyint(1) NOT NULL, PRIMARY KEY (`version`));
CREATE TABLE accounts (id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY, owner_id bigint unsigned NOT NULL, balance bigint NOT NULL DEFAULT 0, lock_version int NOT NULL DEFAULT 0, UNIQUE KEY accounts_owner_unique (owner_id), CONSTRAINT accounts_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id));
CREATE TABLE `Mixed` (`Id` int NOT NULL, `Name` varchar(10), PRIMARY KEY (`Id`), UNIQUE KEY `Name_UQ` (`Name`));
CREATE TABLE serial_attr (a int serial default value, b int);
CREATE TABLE fk_inline (a int, b int REFERENCES parent (id) ON DELETE CASCADE, FOREIGN KEY fk_a (a) REFERENCES parent (id) ON UPDATE SET NULL);
CREATE TABLE char_set (a varchar(10) CHARACTER SET utf8mb4 NOT NULL, b text CHARSET latin1, c varchar(10) BINARY);
CREATE TABLE invisible (a int, b int, KEY (a) INVISIBLE);
CREATE TABLE comments (id int COMMENT 'the id', KEY k (id) COMMENT 'key') COMMENT 'a table';

ALTER TABLE users ADD COLUMN nick varchar(50) NOT NULL DEFAULT '' AFTER email;
ALTER TABLE users ADD id2 int FIRST;
ALTER TABLE users ADD (a int, b int NOT NULL);
ALTER TABLE users ADD UNIQUE INDEX uk_email (email);
ALTER TABLE users ADD UNIQUE KEY (email), ADD UNIQUE (org_id, name);
ALTER TABLE users ADD CONSTRAINT uk_email2 UNIQUE KEY (email);
ALTER TABLE users ADD INDEX idx_a (a), ADD KEY (b);
ALTER TABLE posts ADD FULLTEXT INDEX ft2 (body);
ALTER TABLE users ADD PRIMARY KEY (id);
ALTER TABLE orders ADD CONSTRAINT fk_user FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE users DROP INDEX uk_email, DROP KEY idx;
ALTER TABLE users DROP PRIMARY KEY;
ALTER TABLE orders DROP FOREIGN KEY fk_user;
ALTER TABLE checked DROP CHECK chk_b;
ALTER TABLE users MODIFY email varchar(320) NOT NULL;
ALTER TABLE orders MODIFY COLUMN status enum('a','b','c') NOT NULL DEFAULT 'a' AFTER id;
ALTER TABLE users CHANGE COLUMN name full_name varchar(200) NOT NULL DEFAULT '';
ALTER TABLE users CHANGE n n bigint unsigned;
ALTER TABLE users RENAME COLUMN a TO b;
ALTER TABLE users RENAME INDEX a TO b, RENAME KEY c TO d;
ALTER TABLE users RENAME AS customers;
ALTER TABLE users RENAME TO customers2;
ALTER TABLE users RENAME customers3;
ALTER TABLE users ADD COLUMN x int, RENAME TO db.customers4;
ALTER TABLE users ENGINE=InnoDB, ALGORITHM=COPY;
ALTER TABLE users CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE orders ALTER COLUMN status SET DEFAULT 'new', ALTER status DROP DEFAULT;
ALTER TABLE users ALTER INDEX idx INVISIBLE;
ALTER TABLE `users` ADD COLUMN `version` INT NOT NULL DEFAULT 0, ALGORITHM=INPLACE, LOCK=NONE;
ALTER TABLE users ADD COLUMN (c1 int, c2 varchar(10)), ADD INDEX (c1);
ALTER TABLE users DROP COLUMN legacy, DROP legacy2;
ALTER TABLE users ADD CONSTRAINT users_chk CHECK (id > 0);
ALTER TABLE users AUTO_INCREMENT = 100;
ALTER TABLE users COMMENT = 'people';
ALTER TABLE accounts ADD UNIQUE accounts_owner_currency (owner_id, currency);

RENAME TABLE old TO new;
RENAME TABLE a TO b, b TO c;
RENAME TABLE db1.a TO db2.a;
DROP INDEX idx ON users;
DROP INDEX `PRIMARY` ON users ALGORITHM=INPLACE;
DROP TEMPORARY TABLE IF EXISTS tmp;
DROP TABLE IF EXISTS `orders`, `users`;
DROP TABLE users CASCADE;
CREATE UNIQUE INDEX uk ON users (a, b DESC);
CREATE INDEX idx USING HASH ON users (a);
CREATE FULLTEXT INDEX ft3 ON posts (body);
CREATE INDEX idx2 ON users (a) USING BTREE ALGORITHM=INPLACE LOCK=NONE;
CREATE INDEX i_json ON users ((CAST(data->>'$.id' AS UNSIGNED)));
CREATE UNIQUE INDEX uk_slug ON pages (slug(64));
CREATE SPATIAL INDEX sp2 ON places (pt);
CREATE INDEX idx3 ON users (a, b) COMMENT 'two';
CREATE VIEW v AS SELECT 1;
DROP VIEW IF EXISTS v;
CREATE DATABASE IF NOT EXISTS shop;
TRUNCATE TABLE users;
CREATE USER 'app'@'%' IDENTIFIED BY 'x';
