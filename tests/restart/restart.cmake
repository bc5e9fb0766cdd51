# A run saved by one process and continued by another ends bit for bit
# where an uninterrupted run ends: their final checkpoints are identical.
#   cmake -DPROGRAM=<checkpoint_restart> -DENGINE=<kind> -DWORK=<dir> -P restart.cmake
cmake_minimum_required(VERSION 3.21)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
foreach(run IN ITEMS "whole;${WORK}/whole.ckpt" "first;${WORK}/middle.ckpt"
                     "second;${WORK}/middle.ckpt;${WORK}/continued.ckpt")
  execute_process(COMMAND ${PROGRAM} ${ENGINE} ${run}
                  RESULT_VARIABLE result OUTPUT_VARIABLE output ERROR_VARIABLE errors)
  if(NOT result EQUAL 0)
    message(FATAL_ERROR "checkpoint_restart ${ENGINE} ${run} failed (${result}):\n${output}${errors}")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORK}/whole.ckpt ${WORK}/continued.ckpt
                RESULT_VARIABLE different)
if(different)
  message(FATAL_ERROR "${ENGINE}: the run continued in a new process differs from the whole run")
endif()
file(REMOVE_RECURSE ${WORK})
