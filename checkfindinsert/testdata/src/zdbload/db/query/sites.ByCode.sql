select site_id from sites
where code = ?
	{{:active and state = 'a'}}
