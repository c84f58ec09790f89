-- Progress inside one long document (issue 19): how many of the file's pages are read while it
-- is processing (the PDF text layer or OCR), written at most once per page. Served as the
-- optional `progress` of a file record, an extension (docs/ocr.md, "Progress of a long document").
ALTER TABLE files ADD COLUMN pages_done BIGINT;
ALTER TABLE files ADD COLUMN pages_total BIGINT;
