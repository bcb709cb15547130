update sites set name = :name where site_id = :site
