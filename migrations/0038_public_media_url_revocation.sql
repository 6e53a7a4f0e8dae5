-- Public media URLs (issue #35): handed out only for what is published, and revocable. (New
-- workspaces start with public media off: the API's default, services/identity/workspaces.ts; no
-- existing row changes.)
--
-- media_url_generation is part of every public URL's signed message (services/media/
-- public-url-signer.ts): POST …/media/public-urls/rotate adds one, and every URL handed out before
-- stops working. all_media_public widens `publicUrl` from the assets that served content uses
-- (db/media/served-assets.ts) to every asset of the workspace, for a workspace that wants that.
ALTER TABLE workspaces
  ADD COLUMN media_url_generation integer NOT NULL DEFAULT 0 CHECK (media_url_generation >= 0),
  ADD COLUMN all_media_public boolean NOT NULL DEFAULT false;

-- Both change the URLs a delivery answer of the workspace carries, like public_media (0020, 0028).
CREATE TRIGGER workspaces_announce_media_urls AFTER UPDATE OF media_url_generation, all_media_public ON workspaces
  FOR EACH ROW WHEN (OLD.media_url_generation IS DISTINCT FROM NEW.media_url_generation
                     OR OLD.all_media_public IS DISTINCT FROM NEW.all_media_public)
  EXECUTE FUNCTION verso_announce_workspace_public_media();
