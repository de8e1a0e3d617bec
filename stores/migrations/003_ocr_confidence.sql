-- 003: scanned pages read by OCR. Each such page keeps the engine's confidence (the mean of its
-- word confidences, 0-100; NULL for a page read from its text layer), and so do the chunks and
-- facts read from it, so an answer can say that a source was read by OCR. A document keeps the
-- map page -> confidence (for citations of any kind), their mean, and whether that mean is under
-- the low-quality threshold at ingest time.

ALTER TABLE pages ADD COLUMN ocr_confidence real;
ALTER TABLE chunks ADD COLUMN ocr_confidence real;
ALTER TABLE facts ADD COLUMN ocr_confidence real;
ALTER TABLE documents ADD COLUMN ocr_pages jsonb NOT NULL DEFAULT '{}';
ALTER TABLE documents ADD COLUMN ocr_confidence real;
ALTER TABLE documents ADD COLUMN low_quality boolean NOT NULL DEFAULT false;
