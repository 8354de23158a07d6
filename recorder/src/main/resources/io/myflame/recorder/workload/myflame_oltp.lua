-- myflame's sysbench script: the delete workload and the refill command.
--
-- run:    every event deletes exactly one row that exists:
--           DELETE FROM sbtestT WHERE id=?      (autocommit, a prepared statement, as oltp_delete)
--         thread tid (0-based) of N threads deletes, table by table in turn, the ids
--         first_id + tid, first_id + tid + N, first_id + tid + 2N, ... so no two threads (and no two
--         events) ever pick the same row. A thread that passes --table-size has run out of rows:
--         it says so when it finishes, and its further DELETEs find nothing.
-- refill: INSERT IGNORE of ids 1..table_size into every table, so rows deleted by an earlier run
--         exist again (rows that exist are left alone). myflame runs it outside the measured window.
--
-- Table layout, prepare and cleanup are sysbench's own (oltp_common.lua).

require("oltp_common")

sysbench.cmdline.options.first_id = {"First row id the delete events use", 1}

function prepare_statements()
   prepare_for_each_table("deletes")
end

local events = 0
local ran_out = false

function event()
   local tables = sysbench.opt.tables
   local tnum = events % tables + 1
   local id = sysbench.opt.first_id + math.floor(events / tables) * sysbench.opt.threads + sysbench.tid
   events = events + 1
   if id > sysbench.opt.table_size then
      ran_out = true
   end
   param[tnum].deletes[1]:set(id)
   stmt[tnum].deletes:execute()
end

local base_thread_done = thread_done

function thread_done()
   if ran_out then
      print(string.format("myflame: thread %d ran out of rows after %d deletes (table size %d)",
                          sysbench.tid, events, sysbench.opt.table_size))
   end
   base_thread_done()
end

function cmd_refill()
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   for t = sysbench.tid % sysbench.opt.threads + 1, sysbench.opt.tables, sysbench.opt.threads do
      con:bulk_insert_init("INSERT IGNORE INTO sbtest" .. t .. " (id, k, c, pad) VALUES")
      for i = 1, sysbench.opt.table_size do
         con:bulk_insert_next(string.format("(%d, %d, '%s', '%s')", i,
                              sb_rand(1, sysbench.opt.table_size), get_c_value(), get_pad_value()))
      end
      con:bulk_insert_done()
   end
   con:disconnect()
end

sysbench.cmdline.commands.refill = {cmd_refill, sysbench.cmdline.PARALLEL_COMMAND}
