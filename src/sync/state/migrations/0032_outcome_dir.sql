-- Where docsync moved a file after its outcome ('Processed' or 'Failed', per the folder's
-- onSuccess/onFailure), NULL while it is where it was found. Without it every reader guessed
-- the place from the config and the disk, and links pointed to where the file used to be.
ALTER TABLE files ADD COLUMN outcome_dir TEXT;
