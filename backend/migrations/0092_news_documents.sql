-- News documents (ecrf-calls.md §3 "News document", §7 "News documents"): the network's news, general documents
-- and legend documents (kind), each a file with versions, and which version of each news item a user has read.

CREATE TABLE IF NOT EXISTS news_document (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stable name for integrators (GET NewsDocument by identifier); unique also among deleted ones, which can be restored.
  identifier text NOT NULL UNIQUE CHECK (identifier ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  kind text NOT NULL CHECK (kind IN ('News', 'Document', 'Legend')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order BETWEEN 0 AND 9999),
  -- ["Release", …]: free keywords, at most 10.
  tags jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(tags) = 'array'),
  -- Meant for DigiNet centres only (FilterByDigiNet); others do not see it.
  diginet_only boolean NOT NULL DEFAULT false,
  is_deleted boolean NOT NULL DEFAULT false,
  -- Guards against stale writes: every change (metadata, new version, delete, restore) counts it up.
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL
);
CREATE INDEX IF NOT EXISTS news_document_kind_idx ON news_document (kind, sort_order) WHERE NOT is_deleted;

-- Every upload is a new version, kept for good. The file lives in the row (bytea, at most 20 MB), like the OncoBox
-- imports: it commits or rolls back with its audit row, and every backend replica reads it without a shared file store.
CREATE TABLE IF NOT EXISTS news_document_version (
  document_id uuid NOT NULL REFERENCES news_document (id),
  doc_version integer NOT NULL CHECK (doc_version >= 1),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 255),
  -- The type recognised from the content, not the one the uploader declared.
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content bytea NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by_id uuid REFERENCES app_user (id),
  uploaded_by text NOT NULL,
  PRIMARY KEY (document_id, doc_version)
);

-- The newest version of a news item each user has read; a newer version makes the item unread again.
CREATE TABLE IF NOT EXISTS news_document_read (
  user_id uuid NOT NULL REFERENCES app_user (id),
  document_id uuid NOT NULL REFERENCES news_document (id),
  doc_version integer NOT NULL CHECK (doc_version >= 1),
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, document_id)
);
