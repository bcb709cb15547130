insert into sites (code, created_at) values (?, now())
